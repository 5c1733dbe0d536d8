// Generated from docs/openapi.json by `npm run openapi`: do not edit.

export interface paths {
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check the server and its database */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in as an administrator
         * @description Sets the HttpOnly session cookie `nazenk_session` that the admin operations need; a session ends on logout or when idle. Repeated failures are throttled.
         */
        post: operations["postAuthLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in administrator
         * @description Any status other than 200 means not signed in.
         */
        get: operations["getAuthMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description Ends the session of the cookie sent, if any, and clears the cookie; succeeds when signed out too.
         */
        post: operations["postAuthLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/genres": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Genres: all for an admin, active ones for anyone else */
        get: operations["getGenres"];
        put?: never;
        /** Create a genre */
        post: operations["postGenres"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/genres/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One genre (anyone but an admin: active genres only, else 404) */
        get: operations["getGenresById"];
        /**
         * Replace a genre
         * @description Fields left out take their defaults (description cleared, colour #FF6B6B, active).
         */
        put: operations["putGenresById"];
        post?: never;
        /**
         * Delete a genre
         * @description Its albums and songs stay, without a genre.
         */
        delete: operations["deleteGenresById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List artists
         * @description Searches name and country (Arabic letter variants folded).
         */
        get: operations["getArtists"];
        put?: never;
        /** Create an artist */
        post: operations["postArtists"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an artist */
        get: operations["getArtistsById"];
        /**
         * Replace an artist
         * @description Every field is replaced: the ones left out are cleared.
         */
        put: operations["putArtistsById"];
        post?: never;
        /** Delete an artist */
        delete: operations["deleteArtistsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/albums": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List albums
         * @description Searches title and artist names (Arabic letter variants folded); filters by genre, artist and year.
         */
        get: operations["getAlbums"];
        put?: never;
        /**
         * Create an album
         * @description A single needs `primaryArtistId`; a collaboration needs `selectedArtists` (credited in that order). Unknown artist or genre ids answer 400.
         */
        post: operations["postAlbums"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/albums/years": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List release years
         * @description The years of the albums' release dates, newest first (for the year filter).
         */
        get: operations["getAlbumsYears"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/albums/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an album */
        get: operations["getAlbumsById"];
        /**
         * Replace an album
         * @description Every field is replaced: the ones left out are cleared.
         */
        put: operations["putAlbumsById"];
        post?: never;
        /** Delete an album */
        delete: operations["deleteAlbumsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Songs: everything for an admin; published songs without audio locations for anyone else */
        get: operations["getSongs"];
        put?: never;
        /**
         * Save a song
         * @description `audioFileUrl` must be a file uploaded to this server (POST /api/upload/audio); its size and duration are taken from the stored file. An unknown album or genre answers 400.
         */
        post: operations["postSongs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One song (anyone but an admin: published songs only, else 404) */
        get: operations["getSongsById"];
        put?: never;
        post?: never;
        /**
         * Delete a song
         * @description Deletes only the song (not its album) and then its stored audio file.
         */
        delete: operations["deleteSongsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/upload/batch-songs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save many songs at once
         * @description Each song is validated and saved on its own, all or nothing per song: the saved ones come back in `success`, the others in `failed` with the song as sent and the reason. At most 1000 songs.
         */
        post: operations["postUploadBatchSongs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a song's audio
         * @description The audio as an attachment named from the title (`Content-Disposition`, UTF-8 name in `filename*`). `Range: bytes=start-end` answers 206 with that part.
         */
        get: operations["getSongsByIdDownload"];
        put?: never;
        /** Pro users only: a signed URL that downloads the audio (valid 1 hour); counts one download */
        post: operations["postSongsByIdDownload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playlists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List playlists
         * @description All playlists app users made, hidden and private ones included. Searches name, description and creator; `filter` picks a tab (public = isPublic and not hidden).
         */
        get: operations["getPlaylists"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playlists/counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Count playlists per tab
         * @description All, featured, public and hidden, with the same search as the list.
         */
        get: operations["getPlaylistsCounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playlists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a playlist */
        get: operations["getPlaylistsById"];
        /**
         * Feature or hide a playlist
         * @description Sends `isFeatured`, `isHidden` or both; other fields stay as they are.
         */
        put: operations["putPlaylistsById"];
        post?: never;
        /** Delete a playlist */
        delete: operations["deletePlaylistsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playlists/{id}/songs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of a playlist's songs, in playlist order (read-only) */
        get: operations["getPlaylistsByIdSongs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/banners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List banners
         * @description Searches title and description; filters by position and active flag.
         */
        get: operations["getBanners"];
        put?: never;
        /** Create a banner */
        post: operations["postBanners"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/banners/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a banner */
        get: operations["getBannersById"];
        /**
         * Replace a banner, or switch it on or off
         * @description A body of `{isActive}` alone flips the active flag; any other body replaces the whole banner.
         */
        put: operations["putBannersById"];
        post?: never;
        /** Delete a banner */
        delete: operations["deleteBannersById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List app users
         * @description Searches names, username and email; filters by status, account (pro/free) and sign-up method.
         */
        get: operations["getUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an app user */
        get: operations["getUsersById"];
        /**
         * Make Pro or suspend an app user
         * @description Sends `isPremium`, `isActive` (false = suspended) or both; other fields stay as they are.
         */
        put: operations["putUsersById"];
        post?: never;
        /** Delete an app user */
        delete: operations["deleteUsersById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artists/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export artists as CSV
         * @description Every row the list would show for the same search, filters and sort (no paging), as UTF-8 CSV with a byte order mark and a header row. Text starting with =, +, -, @, a tab or a carriage return is prefixed with ' so spreadsheet programs do not run it.
         */
        get: operations["getArtistsExportCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/albums/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export albums as CSV
         * @description Every row the list would show for the same search, filters and sort (no paging), as UTF-8 CSV with a byte order mark and a header row. Text starting with =, +, -, @, a tab or a carriage return is prefixed with ' so spreadsheet programs do not run it.
         */
        get: operations["getAlbumsExportCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export songs as CSV
         * @description Every row the list would show for the same search, filters and sort (no paging), as UTF-8 CSV with a byte order mark and a header row. Text starting with =, +, -, @, a tab or a carriage return is prefixed with ' so spreadsheet programs do not run it.
         */
        get: operations["getSongsExportCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/genres/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export categories as CSV
         * @description Every row the list would show for the same search, filters and sort (no paging), as UTF-8 CSV with a byte order mark and a header row. Text starting with =, +, -, @, a tab or a carriage return is prefixed with ' so spreadsheet programs do not run it.
         */
        get: operations["getGenresExportCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playlists/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export playlists as CSV
         * @description Every row the list would show for the same search, filters and sort (no paging), as UTF-8 CSV with a byte order mark and a header row. Text starting with =, +, -, @, a tab or a carriage return is prefixed with ' so spreadsheet programs do not run it.
         */
        get: operations["getPlaylistsExportCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/banners/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export banners as CSV
         * @description Every row the list would show for the same search, filters and sort (no paging), as UTF-8 CSV with a byte order mark and a header row. Text starting with =, +, -, @, a tab or a carriage return is prefixed with ' so spreadsheet programs do not run it.
         */
        get: operations["getBannersExportCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export users as CSV
         * @description Every row the list would show for the same search, filters and sort (no paging), as UTF-8 CSV with a byte order mark and a header row. Text starting with =, +, -, @, a tab or a carriage return is prefixed with ' so spreadsheet programs do not run it.
         */
        get: operations["getUsersExportCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in app user */
        get: operations["getAccountMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange a refresh token for a new access and refresh token (the old pair stops working) */
        post: operations["postAccountRefresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign this device out (revokes its tokens) */
        post: operations["postAccountLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user's devices (active tokens) */
        get: operations["getAccountTokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke one of the signed-in user's devices */
        delete: operations["deleteAccountTokensById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a one-time password reset token for an app user (valid 24 hours; earlier ones stop working) */
        post: operations["postUsersByIdPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/playlists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user's playlists (private and hidden ones included), last changed first */
        get: operations["getUserPlaylists"];
        put?: never;
        /** Create a playlist (private unless isPublic is true) */
        post: operations["postUserPlaylists"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/playlists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A playlist with its songs: the user's own, or anyone's public one that is not hidden */
        get: operations["getUserPlaylistsById"];
        put?: never;
        post?: never;
        /** Delete one of your playlists */
        delete: operations["deleteUserPlaylistsById"];
        options?: never;
        head?: never;
        /** Rename, describe, or make public or private one of your playlists */
        patch: operations["patchUserPlaylistsById"];
        trace?: never;
    };
    "/api/user/playlists/{id}/songs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Reorder one of your playlists: songIds lists exactly its songs in the new order */
        put: operations["putUserPlaylistsByIdSongs"];
        /** Add a published song at the end of one of your playlists (again: no change) */
        post: operations["postUserPlaylistsByIdSongs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/playlists/{id}/songs/{songId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a song from one of your playlists */
        delete: operations["deleteUserPlaylistsByIdSongsBySongId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's activity: their own (bearer token), or anyone's for an admin */
        get: operations["getUserByIdStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an app account with email and password, signed in on this device */
        post: operations["postAccountRegister"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with email and password */
        post: operations["postAccountLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/social/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in (or sign up) with a Google or Apple ID token */
        post: operations["postAccountSocialByProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with a one-time reset token (signs out every device) */
        post: operations["postAccountPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the app settings
         * @description Secret fields answer masked: •••••••• and their last 4 characters.
         */
        get: operations["getSettings"];
        /**
         * Save the app settings
         * @description The whole settings object. A secret sent back masked, as GET answers it, keeps its stored value; secrets are encrypted at rest.
         */
        put: operations["putSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/storage/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test the cloud storage values of the form: write and delete a probe object
         * @description Secret fields sent as their mask use the stored secret. A failed test answers 400 with code STORAGE_TEST_FAILED and details {part: credentials | bucket | endpoint, fields}. Nothing is saved.
         */
        post: operations["postSettingsStorageTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Dashboard figures
         * @description Counts of users, content, engagement and active banners, recent activity and streams per day (30 days).
         */
        get: operations["getAnalyticsDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List audit entries
         * @description Every admin write: who, when, which record, the action and the changed fields before and after (secrets only as changed). Filters by admin, resource, action, record and UTC days (from/to inclusive).
         */
        get: operations["getAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit-log/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export audit-log as CSV
         * @description Every row the list would show for the same search, filters and sort (no paging), as UTF-8 CSV with a byte order mark and a header row. Text starting with =, +, -, @, a tab or a carriage return is prefixed with ' so spreadsheet programs do not run it.
         */
        get: operations["getAuditLogExportCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit-log/admins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the admins (for the audit log filter) */
        get: operations["getAuditLogAdmins"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artists/upload-image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an image
         * @description Multipart form with the file in the field `image`: JPEG or PNG, at most 5 MB and 40 megapixels. It is re-encoded (metadata stripped) and stored under a generated name; the answer is its URL, to send as the image field of the record.
         */
        post: operations["postArtistsUploadImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/albums/upload-image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an image
         * @description Multipart form with the file in the field `image`: JPEG or PNG, at most 5 MB and 40 megapixels. It is re-encoded (metadata stripped) and stored under a generated name; the answer is its URL, to send as the image field of the record.
         */
        post: operations["postAlbumsUploadImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/banners/upload-image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an image
         * @description Multipart form with the file in the field `image`: JPEG or PNG, at most 5 MB and 40 megapixels. It is re-encoded (metadata stripped) and stored under a generated name; the answer is its URL, to send as the image field of the record.
         */
        post: operations["postBannersUploadImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/extract-metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read the tags of an audio file
         * @description Reads title, lyricist, artist, album, duration, format and embedded cover, and whether the same audio is already a song, without storing anything.
         */
        post: operations["postExtractMetadata"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/upload/audio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an audio file
         * @description Stores the file (MP3, WAV, FLAC, AAC/M4A or OGG, at most 50 MB) under a generated name and answers its URL with what its tags say; save it as a song with POST /api/songs or the batch save.
         */
        post: operations["postUploadAudio"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mobile/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everything the app reads at start: languages, ads, social, notifications, storage */
        get: operations["getMobileConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mobile/admob/{platform}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ad network app id and the banner, interstitial, rewarded and native unit ids */
        get: operations["getMobileAdmobByPlatform"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mobile/social": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Facebook and Twitter, each with enabled (never a secret) */
        get: operations["getMobileSocial"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mobile/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Push notification public ids (never a server key or API key) */
        get: operations["getMobileNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mobile/storage-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Storage location and the limits of POST /api/upload/mobile (never a key) */
        get: operations["getMobileStorageConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/banners/active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active banners within their dates today, priority 10 first */
        get: operations["getBannersActive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/banners/{id}/impression": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Count one impression of a banner the app is showing */
        post: operations["postBannersByIdImpression"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/banners/{id}/click": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Count one click of a banner the app is showing */
        post: operations["postBannersByIdClick"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search published songs, artists and albums (case and Arabic letter variants folded) */
        get: operations["getSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/featured": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Featured public playlists, new releases and the most played songs */
        get: operations["getFeatured"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs/{id}/audio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Audio of a signed stream or download URL (from POST /api/songs/{id}/stream or /download)
         * @description The signature is the credential (no token): `Range: bytes=start-end` answers 206 with that part; a download URL answers the file as an attachment named from the title.
         */
        get: operations["getSongsByIdAudio"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Audio of a signed stream or download URL (from POST /api/songs/{id}/stream or /download)
         * @description The signature is the credential (no token): `Range: bytes=start-end` answers 206 with that part; a download URL answers the file as an attachment named from the title.
         */
        head: operations["getSongsByIdAudioHead"];
        patch?: never;
        trace?: never;
    };
    "/api/songs/{id}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A signed URL of the audio (valid 1 hour, Range supported); counts one stream per user and song per 30 s */
        post: operations["postSongsByIdStream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs/{id}/like": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Like a published song (again is a no-op) */
        post: operations["postSongsByIdLike"];
        /** Remove your like (none is a no-op) */
        delete: operations["deleteSongsByIdLike"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artists/{id}/follow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Follow an artist (again is a no-op) */
        post: operations["postArtistsByIdFollow"];
        /** Stop following (none is a no-op) */
        delete: operations["deleteArtistsByIdFollow"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/upload/mobile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload your profile image (multipart field "file"; JPEG or PNG, at most 5 MB) */
        post: operations["postUploadMobile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The one error shape: a human message, a machine code and details (e.g. the invalid fields). */
        ErrorEnvelope: {
            error: string;
            code: string;
            /** @description What the code needs: the invalid fields of a 400, counts of a 409, or null. */
            details: unknown;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "database": "sqlite"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                        /** @enum {string} */
                        database: "sqlite" | "postgres";
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database is unreachable (code DATABASE_UNAVAILABLE). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAuthLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "username": "admin",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": {
                    username: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "username": "admin",
                     *         "email": "admin@nazenk.example"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /**
                         * @example {
                         *       "username": "admin",
                         *       "email": "admin@nazenk.example"
                         *     }
                         */
                        user: {
                            username: string;
                            email: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Wrong username or password (code INVALID_CREDENTIALS). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed attempts; try again later. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAuthMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "username": "admin",
                     *       "email": "admin@nazenk.example"
                     *     }
                     */
                    "application/json": {
                        username: string;
                        email: string | null;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAuthLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getGenres: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                q?: string;
                sort?: "name" | "newest" | "oldest";
                active?: "0" | "1" | "true" | "false";
            };
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    /** @description How many rows match the query in all (the body holds one page of them). Exact up to 10,000; when more match, a lower bound (the larger of 10,000 and offset + rows on this page) and X-Total-Count-Exact is false. */
                    "X-Total-Count": number;
                    /** @description "true" when X-Total-Count is exact, "false" when it is a lower bound (more than 10,000 rows match). */
                    "X-Total-Count-Exact": "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 3,
                     *         "name": "Zahirok — زہیروک",
                     *         "description": "بلوچی ءِ کوہنیں سُر، the Balochi song of longing",
                     *         "color": "#8B5CF6",
                     *         "isActive": true,
                     *         "songCount": 42,
                     *         "albumCount": 7,
                     *         "createdAt": "2026-01-15T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        id: number;
                        name: string;
                        description: string | null;
                        color: string | null;
                        isActive: boolean;
                        songCount: number;
                        albumCount: number;
                        createdAt: string;
                    }[];
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postGenres: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Lewa — لیوا",
                 *       "description": "Wedding dance music of Makran",
                 *       "color": "#FF6B6B",
                 *       "isActive": true
                 *     }
                 */
                "application/json": {
                    name: string;
                    description?: string | null;
                    color?: string | null;
                    /** @default true */
                    isActive?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 3,
                     *       "name": "Zahirok — زہیروک",
                     *       "description": "بلوچی ءِ کوہنیں سُر، the Balochi song of longing",
                     *       "color": "#8B5CF6",
                     *       "isActive": true,
                     *       "songCount": 42,
                     *       "albumCount": 7,
                     *       "createdAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        name: string;
                        description: string | null;
                        color: string | null;
                        isActive: boolean;
                        songCount: number;
                        albumCount: number;
                        createdAt: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getGenresById: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 3,
                     *       "name": "Zahirok — زہیروک",
                     *       "description": "بلوچی ءِ کوہنیں سُر، the Balochi song of longing",
                     *       "color": "#8B5CF6",
                     *       "isActive": true,
                     *       "songCount": 42,
                     *       "albumCount": 7,
                     *       "createdAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        name: string;
                        description: string | null;
                        color: string | null;
                        isActive: boolean;
                        songCount: number;
                        albumCount: number;
                        createdAt: string;
                    };
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putGenresById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Lewa — لیوا",
                 *       "description": "Wedding dance music of Makran",
                 *       "color": "#FF6B6B",
                 *       "isActive": true
                 *     }
                 */
                "application/json": {
                    name: string;
                    description?: string | null;
                    color?: string | null;
                    /** @default true */
                    isActive?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 3,
                     *       "name": "Zahirok — زہیروک",
                     *       "description": "بلوچی ءِ کوہنیں سُر، the Balochi song of longing",
                     *       "color": "#8B5CF6",
                     *       "isActive": true,
                     *       "songCount": 42,
                     *       "albumCount": 7,
                     *       "createdAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        name: string;
                        description: string | null;
                        color: string | null;
                        isActive: boolean;
                        songCount: number;
                        albumCount: number;
                        createdAt: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteGenresById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getArtists: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                q?: string;
                sort?: "newest" | "oldest" | "name" | "streams";
                verified?: "0" | "1" | "true" | "false";
            };
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    /** @description How many rows match the query in all (the body holds one page of them). Exact up to 10,000; when more match, a lower bound (the larger of 10,000 and offset + rows on this page) and X-Total-Count-Exact is false. */
                    "X-Total-Count": number;
                    /** @description "true" when X-Total-Count is exact, "false" when it is a lower bound (more than 10,000 rows match). */
                    "X-Total-Count-Exact": "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 12,
                     *         "name": "نور خان بزنجو",
                     *         "country": "Pakistan",
                     *         "bio": "Balochi singer from Turbat — تربت ءِ سازندہ",
                     *         "avatar": "/media/images/artists/3f/3f9c0d2e8a4b4c1f9e7d6a5b4c3d2e1f.png",
                     *         "verified": true,
                     *         "albumCount": 4,
                     *         "songCount": 37,
                     *         "followersCount": 1520,
                     *         "monthlyListeners": 8400,
                     *         "totalStreams": 1250000,
                     *         "createdAt": "2026-01-10T12:00:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        id: number;
                        name: string;
                        country: string | null;
                        bio: string | null;
                        avatar: string | null;
                        verified: boolean;
                        albumCount: number;
                        songCount: number;
                        followersCount: number;
                        monthlyListeners: number;
                        totalStreams: number;
                        createdAt: string;
                    }[];
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postArtists: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Shahzeb Brahui — شہزیب براہوئی",
                 *       "country": "Pakistan",
                 *       "bio": "براہوئی گلوکار from Kalat",
                 *       "avatar": null,
                 *       "verified": false
                 *     }
                 */
                "application/json": {
                    name: string;
                    country?: string | null;
                    bio?: string | null;
                    avatar?: string | null;
                    /** @default false */
                    verified?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 12,
                     *       "name": "نور خان بزنجو",
                     *       "country": "Pakistan",
                     *       "bio": "Balochi singer from Turbat — تربت ءِ سازندہ",
                     *       "avatar": "/media/images/artists/3f/3f9c0d2e8a4b4c1f9e7d6a5b4c3d2e1f.png",
                     *       "verified": true,
                     *       "albumCount": 4,
                     *       "songCount": 37,
                     *       "followersCount": 1520,
                     *       "monthlyListeners": 8400,
                     *       "totalStreams": 1250000,
                     *       "createdAt": "2026-01-10T12:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        name: string;
                        country: string | null;
                        bio: string | null;
                        avatar: string | null;
                        verified: boolean;
                        albumCount: number;
                        songCount: number;
                        followersCount: number;
                        monthlyListeners: number;
                        totalStreams: number;
                        createdAt: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getArtistsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 12,
                     *       "name": "نور خان بزنجو",
                     *       "country": "Pakistan",
                     *       "bio": "Balochi singer from Turbat — تربت ءِ سازندہ",
                     *       "avatar": "/media/images/artists/3f/3f9c0d2e8a4b4c1f9e7d6a5b4c3d2e1f.png",
                     *       "verified": true,
                     *       "albumCount": 4,
                     *       "songCount": 37,
                     *       "followersCount": 1520,
                     *       "monthlyListeners": 8400,
                     *       "totalStreams": 1250000,
                     *       "createdAt": "2026-01-10T12:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        name: string;
                        country: string | null;
                        bio: string | null;
                        avatar: string | null;
                        verified: boolean;
                        albumCount: number;
                        songCount: number;
                        followersCount: number;
                        monthlyListeners: number;
                        totalStreams: number;
                        createdAt: string;
                    };
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putArtistsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Shahzeb Brahui — شہزیب براہوئی",
                 *       "country": "Pakistan",
                 *       "bio": "براہوئی گلوکار from Kalat",
                 *       "avatar": null,
                 *       "verified": false
                 *     }
                 */
                "application/json": {
                    name: string;
                    country?: string | null;
                    bio?: string | null;
                    avatar?: string | null;
                    /** @default false */
                    verified?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 12,
                     *       "name": "نور خان بزنجو",
                     *       "country": "Pakistan",
                     *       "bio": "Balochi singer from Turbat — تربت ءِ سازندہ",
                     *       "avatar": "/media/images/artists/3f/3f9c0d2e8a4b4c1f9e7d6a5b4c3d2e1f.png",
                     *       "verified": true,
                     *       "albumCount": 4,
                     *       "songCount": 37,
                     *       "followersCount": 1520,
                     *       "monthlyListeners": 8400,
                     *       "totalStreams": 1250000,
                     *       "createdAt": "2026-01-10T12:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        name: string;
                        country: string | null;
                        bio: string | null;
                        avatar: string | null;
                        verified: boolean;
                        albumCount: number;
                        songCount: number;
                        followersCount: number;
                        monthlyListeners: number;
                        totalStreams: number;
                        createdAt: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteArtistsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The artist still has albums; `details.albums` says how many. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Album still has 3 songs",
                     *       "code": "CONFLICT",
                     *       "details": {
                     *         "songCount": 3
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAlbums: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                q?: string;
                sort?: "newest" | "oldest" | "title" | "release";
                genreId?: number;
                artistId?: number;
                year?: number;
            };
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    /** @description How many rows match the query in all (the body holds one page of them). Exact up to 10,000; when more match, a lower bound (the larger of 10,000 and offset + rows on this page) and X-Total-Count-Exact is false. */
                    "X-Total-Count": number;
                    /** @description "true" when X-Total-Count is exact, "false" when it is a lower bound (more than 10,000 rows match). */
                    "X-Total-Count-Exact": "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 5,
                     *         "title": "منی وطن",
                     *         "albumType": "single",
                     *         "primaryArtistId": 12,
                     *         "primaryArtistName": "نور خان بزنجو",
                     *         "artistName": "نور خان بزنجو",
                     *         "collaboratingArtists": [],
                     *         "collaboratingArtistIds": [],
                     *         "genreId": 3,
                     *         "genreName": "Zahirok — زہیروک",
                     *         "releaseDate": "2025-03-21",
                     *         "description": "Songs of Makran — مکران ءِ شئر",
                     *         "coverArt": "/media/images/albums/a1/a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg",
                     *         "totalTracks": 8,
                     *         "totalStreams": 240000,
                     *         "createdAt": "2026-02-01T08:15:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        id: number;
                        title: string;
                        /** @enum {string} */
                        albumType: "single" | "collaboration";
                        primaryArtistId: number | null;
                        primaryArtistName: string | null;
                        artistName: string;
                        collaboratingArtists: string[];
                        collaboratingArtistIds: number[];
                        genreId: number | null;
                        genreName: string | null;
                        releaseDate: string | null;
                        description: string | null;
                        coverArt: string | null;
                        totalTracks: number;
                        totalStreams: number;
                        createdAt: string;
                    }[];
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAlbums: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Kalat Nights — قلات ءِ شپ",
                 *       "albumType": "collaboration",
                 *       "selectedArtists": [
                 *         12,
                 *         15
                 *       ],
                 *       "genreId": 3,
                 *       "releaseDate": "2026-02-01",
                 *       "description": "Brahui and Balochi duets",
                 *       "coverArt": null
                 *     }
                 */
                "application/json": {
                    title: string;
                    /**
                     * @default single
                     * @enum {string}
                     */
                    albumType?: "single" | "collaboration";
                    primaryArtistId?: number | null;
                    selectedArtists?: number[];
                    genreId?: number | null;
                    releaseDate?: string | null;
                    description?: string | null;
                    coverArt?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 5,
                     *       "title": "منی وطن",
                     *       "albumType": "single",
                     *       "primaryArtistId": 12,
                     *       "primaryArtistName": "نور خان بزنجو",
                     *       "artistName": "نور خان بزنجو",
                     *       "collaboratingArtists": [],
                     *       "collaboratingArtistIds": [],
                     *       "genreId": 3,
                     *       "genreName": "Zahirok — زہیروک",
                     *       "releaseDate": "2025-03-21",
                     *       "description": "Songs of Makran — مکران ءِ شئر",
                     *       "coverArt": "/media/images/albums/a1/a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg",
                     *       "totalTracks": 8,
                     *       "totalStreams": 240000,
                     *       "createdAt": "2026-02-01T08:15:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        title: string;
                        /** @enum {string} */
                        albumType: "single" | "collaboration";
                        primaryArtistId: number | null;
                        primaryArtistName: string | null;
                        artistName: string;
                        collaboratingArtists: string[];
                        collaboratingArtistIds: number[];
                        genreId: number | null;
                        genreName: string | null;
                        releaseDate: string | null;
                        description: string | null;
                        coverArt: string | null;
                        totalTracks: number;
                        totalStreams: number;
                        createdAt: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAlbumsYears: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       2026,
                     *       2025,
                     *       2023
                     *     ]
                     */
                    "application/json": number[];
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAlbumsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 5,
                     *       "title": "منی وطن",
                     *       "albumType": "single",
                     *       "primaryArtistId": 12,
                     *       "primaryArtistName": "نور خان بزنجو",
                     *       "artistName": "نور خان بزنجو",
                     *       "collaboratingArtists": [],
                     *       "collaboratingArtistIds": [],
                     *       "genreId": 3,
                     *       "genreName": "Zahirok — زہیروک",
                     *       "releaseDate": "2025-03-21",
                     *       "description": "Songs of Makran — مکران ءِ شئر",
                     *       "coverArt": "/media/images/albums/a1/a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg",
                     *       "totalTracks": 8,
                     *       "totalStreams": 240000,
                     *       "createdAt": "2026-02-01T08:15:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        title: string;
                        /** @enum {string} */
                        albumType: "single" | "collaboration";
                        primaryArtistId: number | null;
                        primaryArtistName: string | null;
                        artistName: string;
                        collaboratingArtists: string[];
                        collaboratingArtistIds: number[];
                        genreId: number | null;
                        genreName: string | null;
                        releaseDate: string | null;
                        description: string | null;
                        coverArt: string | null;
                        totalTracks: number;
                        totalStreams: number;
                        createdAt: string;
                    };
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putAlbumsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Kalat Nights — قلات ءِ شپ",
                 *       "albumType": "collaboration",
                 *       "selectedArtists": [
                 *         12,
                 *         15
                 *       ],
                 *       "genreId": 3,
                 *       "releaseDate": "2026-02-01",
                 *       "description": "Brahui and Balochi duets",
                 *       "coverArt": null
                 *     }
                 */
                "application/json": {
                    title: string;
                    /**
                     * @default single
                     * @enum {string}
                     */
                    albumType?: "single" | "collaboration";
                    primaryArtistId?: number | null;
                    selectedArtists?: number[];
                    genreId?: number | null;
                    releaseDate?: string | null;
                    description?: string | null;
                    coverArt?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 5,
                     *       "title": "منی وطن",
                     *       "albumType": "single",
                     *       "primaryArtistId": 12,
                     *       "primaryArtistName": "نور خان بزنجو",
                     *       "artistName": "نور خان بزنجو",
                     *       "collaboratingArtists": [],
                     *       "collaboratingArtistIds": [],
                     *       "genreId": 3,
                     *       "genreName": "Zahirok — زہیروک",
                     *       "releaseDate": "2025-03-21",
                     *       "description": "Songs of Makran — مکران ءِ شئر",
                     *       "coverArt": "/media/images/albums/a1/a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg",
                     *       "totalTracks": 8,
                     *       "totalStreams": 240000,
                     *       "createdAt": "2026-02-01T08:15:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        title: string;
                        /** @enum {string} */
                        albumType: "single" | "collaboration";
                        primaryArtistId: number | null;
                        primaryArtistName: string | null;
                        artistName: string;
                        collaboratingArtists: string[];
                        collaboratingArtistIds: number[];
                        genreId: number | null;
                        genreName: string | null;
                        releaseDate: string | null;
                        description: string | null;
                        coverArt: string | null;
                        totalTracks: number;
                        totalStreams: number;
                        createdAt: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteAlbumsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The album still has songs; `details.songs` says how many. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Album still has 3 songs",
                     *       "code": "CONFLICT",
                     *       "details": {
                     *         "songCount": 3
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSongs: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                q?: string;
                sort?: "newest" | "oldest" | "most_played" | "most_liked";
                language?: "Balochi" | "Brahui";
                status?: "published" | "processing" | "draft";
                albumId?: number;
                artistId?: number;
                genreId?: number;
            };
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 101,
                     *         "title": "منی وطن",
                     *         "lyricist": "Gul Khan Nasir — گل خان نصیر",
                     *         "albumId": 5,
                     *         "albumTitle": "منی وطن",
                     *         "artistName": "نور خان بزنجو",
                     *         "coverArt": "/media/images/albums/a1/a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg",
                     *         "genreId": 3,
                     *         "duration": 245,
                     *         "audioFileUrl": "/media/audio/7e/7e1f2a3b4c5d6e7f8091a2b3c4d5e6f7.mp3",
                     *         "audioFileSize": 5880000,
                     *         "lyrics": "منی وطن، منی جان",
                     *         "language": "Balochi",
                     *         "status": "published",
                     *         "totalStreams": 18250,
                     *         "likesCount": 940,
                     *         "downloadsCount": 310,
                     *         "createdAt": "2026-02-01T08:20:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        id: number;
                        title: string;
                        lyricist: string | null;
                        albumId: number;
                        albumTitle: string;
                        artistName: string;
                        coverArt: string | null;
                        genreId: number | null;
                        duration: number | null;
                        audioFileUrl: string | null;
                        audioFileSize: number | null;
                        lyrics: string | null;
                        language: ("Balochi" | "Brahui") | null;
                        status: string;
                        totalStreams: number;
                        likesCount: number;
                        downloadsCount: number;
                        createdAt: string;
                    }[] | {
                        id: number;
                        title: string;
                        lyricist: string | null;
                        albumId: number;
                        albumTitle: string;
                        artistName: string;
                        coverArt: string | null;
                        genreId: number | null;
                        duration: number | null;
                        lyrics: string | null;
                        language: ("Balochi" | "Brahui") | null;
                        totalStreams: number;
                        likesCount: number;
                        downloadsCount: number;
                        createdAt: string;
                    }[];
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postSongs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Nana Watan — نا وطن",
                 *       "lyricist": "عبدالرحمن کرد",
                 *       "albumId": 5,
                 *       "genreId": 3,
                 *       "audioFileUrl": "/media/audio/7e/7e1f2a3b4c5d6e7f8091a2b3c4d5e6f7.mp3",
                 *       "audioFileSize": 4200000,
                 *       "duration": 198,
                 *       "lyrics": null,
                 *       "language": "Brahui",
                 *       "status": "published"
                 *     }
                 */
                "application/json": {
                    title: string;
                    lyricist?: string | null;
                    albumId: number;
                    genreId?: number | null;
                    audioFileUrl: string;
                    audioFileSize?: number | null;
                    duration?: number | null;
                    lyrics?: string | null;
                    /** @default Balochi */
                    language?: ("Balochi" | "Brahui") | null;
                    /**
                     * @default published
                     * @enum {string}
                     */
                    status?: "published" | "processing" | "draft";
                    /** @enum {number} */
                    likesCount?: 0;
                    /** @enum {number} */
                    downloadsCount?: 0;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 101,
                     *       "title": "منی وطن",
                     *       "lyricist": "Gul Khan Nasir — گل خان نصیر",
                     *       "albumId": 5,
                     *       "albumTitle": "منی وطن",
                     *       "artistName": "نور خان بزنجو",
                     *       "coverArt": "/media/images/albums/a1/a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg",
                     *       "genreId": 3,
                     *       "duration": 245,
                     *       "audioFileUrl": "/media/audio/7e/7e1f2a3b4c5d6e7f8091a2b3c4d5e6f7.mp3",
                     *       "audioFileSize": 5880000,
                     *       "lyrics": "منی وطن، منی جان",
                     *       "language": "Balochi",
                     *       "status": "published",
                     *       "totalStreams": 18250,
                     *       "likesCount": 940,
                     *       "downloadsCount": 310,
                     *       "createdAt": "2026-02-01T08:20:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        title: string;
                        lyricist: string | null;
                        albumId: number;
                        albumTitle: string;
                        artistName: string;
                        coverArt: string | null;
                        genreId: number | null;
                        duration: number | null;
                        audioFileUrl: string | null;
                        audioFileSize: number | null;
                        lyrics: string | null;
                        language: ("Balochi" | "Brahui") | null;
                        status: string;
                        totalStreams: number;
                        likesCount: number;
                        downloadsCount: number;
                        createdAt: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSongsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 101,
                     *       "title": "منی وطن",
                     *       "lyricist": "Gul Khan Nasir — گل خان نصیر",
                     *       "albumId": 5,
                     *       "albumTitle": "منی وطن",
                     *       "artistName": "نور خان بزنجو",
                     *       "coverArt": "/media/images/albums/a1/a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg",
                     *       "genreId": 3,
                     *       "duration": 245,
                     *       "audioFileUrl": "/media/audio/7e/7e1f2a3b4c5d6e7f8091a2b3c4d5e6f7.mp3",
                     *       "audioFileSize": 5880000,
                     *       "lyrics": "منی وطن، منی جان",
                     *       "language": "Balochi",
                     *       "status": "published",
                     *       "totalStreams": 18250,
                     *       "likesCount": 940,
                     *       "downloadsCount": 310,
                     *       "createdAt": "2026-02-01T08:20:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        title: string;
                        lyricist: string | null;
                        albumId: number;
                        albumTitle: string;
                        artistName: string;
                        coverArt: string | null;
                        genreId: number | null;
                        duration: number | null;
                        audioFileUrl: string | null;
                        audioFileSize: number | null;
                        lyrics: string | null;
                        language: ("Balochi" | "Brahui") | null;
                        status: string;
                        totalStreams: number;
                        likesCount: number;
                        downloadsCount: number;
                        createdAt: string;
                    } | {
                        id: number;
                        title: string;
                        lyricist: string | null;
                        albumId: number;
                        albumTitle: string;
                        artistName: string;
                        coverArt: string | null;
                        genreId: number | null;
                        duration: number | null;
                        lyrics: string | null;
                        language: ("Balochi" | "Brahui") | null;
                        totalStreams: number;
                        likesCount: number;
                        downloadsCount: number;
                        createdAt: string;
                    };
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteSongsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postUploadBatchSongs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Each song is validated and saved on its own; invalid ones are listed in `failed`. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "songs": [
                 *         {
                 *           "title": "Nana Watan — نا وطن",
                 *           "lyricist": "عبدالرحمن کرد",
                 *           "albumId": 5,
                 *           "audioFileUrl": "/media/audio/7e/7e1f2a3b4c5d6e7f8091a2b3c4d5e6f7.mp3",
                 *           "audioFileSize": 4200000,
                 *           "duration": 198,
                 *           "lyrics": null,
                 *           "language": "Brahui",
                 *           "status": "published",
                 *           "likesCount": 0,
                 *           "downloadsCount": 0
                 *         },
                 *         {
                 *           "title": "Zahirok — زہیروک",
                 *           "albumId": 5,
                 *           "audioFileUrl": "/media/audio/0a/0a1b2c3d4e5f60718293a4b5c6d7e8f9.mp3"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    songs: {
                        title: string;
                        lyricist?: string | null;
                        albumId: number;
                        genreId?: number | null;
                        audioFileUrl: string;
                        audioFileSize?: number | null;
                        duration?: number | null;
                        lyrics?: string | null;
                        /** @default Balochi */
                        language?: ("Balochi" | "Brahui") | null;
                        /**
                         * @default published
                         * @enum {string}
                         */
                        status?: "published" | "processing" | "draft";
                        /** @enum {number} */
                        likesCount?: 0;
                        /** @enum {number} */
                        downloadsCount?: 0;
                    }[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": [
                     *         {
                     *           "id": 102,
                     *           "title": "Nana Watan — نا وطن",
                     *           "lyricist": "عبدالرحمن کرد",
                     *           "albumId": 5,
                     *           "albumTitle": "منی وطن",
                     *           "artistName": "نور خان بزنجو",
                     *           "coverArt": null,
                     *           "genreId": 3,
                     *           "duration": 198,
                     *           "audioFileUrl": "/media/audio/7e/7e1f2a3b4c5d6e7f8091a2b3c4d5e6f7.mp3",
                     *           "audioFileSize": 4200000,
                     *           "lyrics": null,
                     *           "language": "Brahui",
                     *           "status": "published",
                     *           "totalStreams": 0,
                     *           "likesCount": 0,
                     *           "downloadsCount": 0,
                     *           "createdAt": "2026-03-05T11:00:00.000Z"
                     *         }
                     *       ],
                     *       "failed": [
                     *         {
                     *           "originalData": {
                     *             "title": "Zahirok — زہیروک",
                     *             "albumId": 5,
                     *             "audioFileUrl": "/media/audio/0a/0a1b2c3d4e5f60718293a4b5c6d7e8f9.mp3"
                     *           },
                     *           "error": "Audio file /media/audio/0a/0a1b2c3d4e5f60718293a4b5c6d7e8f9.mp3 was not uploaded to this server"
                     *         }
                     *       ],
                     *       "successCount": 1,
                     *       "failedCount": 1
                     *     }
                     */
                    "application/json": {
                        success: {
                            id: number;
                            title: string;
                            lyricist: string | null;
                            albumId: number;
                            albumTitle: string;
                            artistName: string;
                            coverArt: string | null;
                            genreId: number | null;
                            duration: number | null;
                            audioFileUrl: string | null;
                            audioFileSize: number | null;
                            lyrics: string | null;
                            language: ("Balochi" | "Brahui") | null;
                            status: string;
                            totalStreams: number;
                            likesCount: number;
                            downloadsCount: number;
                            createdAt: string;
                        }[];
                        failed: {
                            originalData: {
                                [key: string]: unknown;
                            };
                            error: string;
                        }[];
                        successCount: number;
                        failedCount: number;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSongsByIdDownload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole audio file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "audio/*": string;
                };
            };
            /** @description The requested range (`Content-Range` says which) */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "audio/*": string;
                };
            };
            /** @description The file lives in a bucket this server no longer reaches: `Location` is its URL */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such song, or it has no audio file ("No audio file available for download"). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The range is beyond the end of the file; `details.size` is its length. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postSongsByIdDownload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "downloadUrl": "/api/songs/101/audio?expires=1772708400&signature=Qm9sYW4tc2lnbmF0dXJl&download=1",
                     *         "expiresAt": "2026-03-05T11:00:00.000Z",
                     *         "fileName": "منی وطن.mp3"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "downloadUrl": "/api/songs/101/audio?expires=1772708400&signature=Qm9sYW4tc2lnbmF0dXJl&download=1",
                         *       "expiresAt": "2026-03-05T11:00:00.000Z",
                         *       "fileName": "منی وطن.mp3"
                         *     }
                         */
                        data: {
                            downloadUrl: string;
                            expiresAt: string;
                            fileName: string;
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPlaylists: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                q?: string;
                sort?: "newest" | "oldest" | "name" | "songs";
                filter?: "all" | "featured" | "public" | "hidden";
            };
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    /** @description How many rows match the query in all (the body holds one page of them). Exact up to 10,000; when more match, a lower bound (the larger of 10,000 and offset + rows on this page) and X-Total-Count-Exact is false. */
                    "X-Total-Count": number;
                    /** @description "true" when X-Total-Count is exact, "false" when it is a lower bound (more than 10,000 rows match). */
                    "X-Total-Count-Exact": "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 21,
                     *         "name": "Sohbat — صحبت",
                     *         "description": "شپ ءِ سازءُ زیمل, evening songs",
                     *         "userId": 7,
                     *         "createdBy": "Mahnaz Baloch",
                     *         "songCount": 18,
                     *         "totalDuration": 4320,
                     *         "isPublic": true,
                     *         "isFeatured": false,
                     *         "isHidden": false,
                     *         "createdAt": "2026-03-02T19:45:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        id: number;
                        name: string;
                        description: string | null;
                        userId: number | null;
                        createdBy: string | null;
                        songCount: number;
                        totalDuration: number;
                        isPublic: boolean;
                        isFeatured: boolean;
                        isHidden: boolean;
                        createdAt: string;
                    }[];
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPlaylistsCounts: {
        parameters: {
            query?: {
                q?: string;
            };
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "all": 240,
                     *       "featured": 12,
                     *       "public": 180,
                     *       "hidden": 3
                     *     }
                     */
                    "application/json": {
                        all: number;
                        featured: number;
                        public: number;
                        hidden: number;
                    };
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPlaylistsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 21,
                     *       "name": "Sohbat — صحبت",
                     *       "description": "شپ ءِ سازءُ زیمل, evening songs",
                     *       "userId": 7,
                     *       "createdBy": "Mahnaz Baloch",
                     *       "songCount": 18,
                     *       "totalDuration": 4320,
                     *       "isPublic": true,
                     *       "isFeatured": false,
                     *       "isHidden": false,
                     *       "createdAt": "2026-03-02T19:45:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        name: string;
                        description: string | null;
                        userId: number | null;
                        createdBy: string | null;
                        songCount: number;
                        totalDuration: number;
                        isPublic: boolean;
                        isFeatured: boolean;
                        isHidden: boolean;
                        createdAt: string;
                    };
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putPlaylistsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "isFeatured": true
                 *     }
                 */
                "application/json": {
                    isFeatured?: boolean;
                    isHidden?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 21,
                     *       "name": "Sohbat — صحبت",
                     *       "description": "شپ ءِ سازءُ زیمل, evening songs",
                     *       "userId": 7,
                     *       "createdBy": "Mahnaz Baloch",
                     *       "songCount": 18,
                     *       "totalDuration": 4320,
                     *       "isPublic": true,
                     *       "isFeatured": false,
                     *       "isHidden": false,
                     *       "createdAt": "2026-03-02T19:45:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        name: string;
                        description: string | null;
                        userId: number | null;
                        createdBy: string | null;
                        songCount: number;
                        totalDuration: number;
                        isPublic: boolean;
                        isFeatured: boolean;
                        isHidden: boolean;
                        createdAt: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deletePlaylistsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPlaylistsByIdSongs: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description How many rows match the query in all (the body holds one page of them). Exact up to 10,000; when more match, a lower bound (the larger of 10,000 and offset + rows on this page) and X-Total-Count-Exact is false. */
                    "X-Total-Count": number;
                    /** @description "true" when X-Total-Count is exact, "false" when it is a lower bound (more than 10,000 rows match). */
                    "X-Total-Count-Exact": "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 101,
                     *         "title": "منی وطن",
                     *         "lyricist": "Gul Khan Nasir — گل خان نصیر",
                     *         "albumId": 5,
                     *         "albumTitle": "منی وطن",
                     *         "artistName": "نور خان بزنجو",
                     *         "coverArt": "/media/images/albums/a1/a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg",
                     *         "genreId": 3,
                     *         "duration": 245,
                     *         "audioFileUrl": "/media/audio/7e/7e1f2a3b4c5d6e7f8091a2b3c4d5e6f7.mp3",
                     *         "audioFileSize": 5880000,
                     *         "lyrics": "منی وطن، منی جان",
                     *         "language": "Balochi",
                     *         "status": "published",
                     *         "totalStreams": 18250,
                     *         "likesCount": 940,
                     *         "downloadsCount": 310,
                     *         "createdAt": "2026-02-01T08:20:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        id: number;
                        title: string;
                        lyricist: string | null;
                        albumId: number;
                        albumTitle: string;
                        artistName: string;
                        coverArt: string | null;
                        genreId: number | null;
                        duration: number | null;
                        audioFileUrl: string | null;
                        audioFileSize: number | null;
                        lyrics: string | null;
                        language: ("Balochi" | "Brahui") | null;
                        status: string;
                        totalStreams: number;
                        likesCount: number;
                        downloadsCount: number;
                        createdAt: string;
                    }[];
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBanners: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                q?: string;
                sort?: "priority" | "newest" | "oldest";
                position?: "hero" | "sidebar" | "footer" | "popup";
                active?: "0" | "1" | "true" | "false";
                schedule?: "running" | "scheduled" | "expired";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description How many rows match the query in all (the body holds one page of them). Exact up to 10,000; when more match, a lower bound (the larger of 10,000 and offset + rows on this page) and X-Total-Count-Exact is false. */
                    "X-Total-Count": number;
                    /** @description "true" when X-Total-Count is exact, "false" when it is a lower bound (more than 10,000 rows match). */
                    "X-Total-Count-Exact": "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 4,
                     *         "title": "نوکیں البم — New album: Kalat Nights",
                     *         "description": "Brahui and Balochi duets, out now",
                     *         "imageUrl": "/media/images/banners/c4/c4d5e6f708192a3b4c5d6e7f8091a2b3.png",
                     *         "targetUrl": "https://nazenk.example/albums/5",
                     *         "position": "hero",
                     *         "startDate": "2026-03-01",
                     *         "endDate": "2026-03-31",
                     *         "priority": 1,
                     *         "isActive": true,
                     *         "clickCount": 312,
                     *         "impressionCount": 15840,
                     *         "createdAt": "2026-02-28T10:00:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        id: number;
                        title: string;
                        description: string | null;
                        imageUrl: string | null;
                        targetUrl: string | null;
                        /** @enum {string} */
                        position: "hero" | "sidebar" | "footer" | "popup";
                        startDate: string | null;
                        endDate: string | null;
                        priority: number;
                        isActive: boolean;
                        clickCount: number;
                        impressionCount: number;
                        createdAt: string;
                    }[];
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postBanners: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "نوکیں البم — New album: Kalat Nights",
                 *       "description": "Brahui and Balochi duets, out now",
                 *       "imageUrl": "/media/images/banners/c4/c4d5e6f708192a3b4c5d6e7f8091a2b3.png",
                 *       "targetUrl": "https://nazenk.example/albums/5",
                 *       "position": "hero",
                 *       "startDate": "2026-03-01",
                 *       "endDate": "2026-03-31",
                 *       "priority": 1,
                 *       "isActive": true
                 *     }
                 */
                "application/json": {
                    title: string;
                    description?: string | null;
                    imageUrl: string | null;
                    targetUrl?: string | null;
                    /**
                     * @default hero
                     * @enum {string}
                     */
                    position?: "hero" | "sidebar" | "footer" | "popup";
                    startDate?: string | null;
                    endDate?: string | null;
                    /** @default 1 */
                    priority?: number;
                    /** @default true */
                    isActive?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 4,
                     *       "title": "نوکیں البم — New album: Kalat Nights",
                     *       "description": "Brahui and Balochi duets, out now",
                     *       "imageUrl": "/media/images/banners/c4/c4d5e6f708192a3b4c5d6e7f8091a2b3.png",
                     *       "targetUrl": "https://nazenk.example/albums/5",
                     *       "position": "hero",
                     *       "startDate": "2026-03-01",
                     *       "endDate": "2026-03-31",
                     *       "priority": 1,
                     *       "isActive": true,
                     *       "clickCount": 312,
                     *       "impressionCount": 15840,
                     *       "createdAt": "2026-02-28T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        title: string;
                        description: string | null;
                        imageUrl: string | null;
                        targetUrl: string | null;
                        /** @enum {string} */
                        position: "hero" | "sidebar" | "footer" | "popup";
                        startDate: string | null;
                        endDate: string | null;
                        priority: number;
                        isActive: boolean;
                        clickCount: number;
                        impressionCount: number;
                        createdAt: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBannersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 4,
                     *       "title": "نوکیں البم — New album: Kalat Nights",
                     *       "description": "Brahui and Balochi duets, out now",
                     *       "imageUrl": "/media/images/banners/c4/c4d5e6f708192a3b4c5d6e7f8091a2b3.png",
                     *       "targetUrl": "https://nazenk.example/albums/5",
                     *       "position": "hero",
                     *       "startDate": "2026-03-01",
                     *       "endDate": "2026-03-31",
                     *       "priority": 1,
                     *       "isActive": true,
                     *       "clickCount": 312,
                     *       "impressionCount": 15840,
                     *       "createdAt": "2026-02-28T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        title: string;
                        description: string | null;
                        imageUrl: string | null;
                        targetUrl: string | null;
                        /** @enum {string} */
                        position: "hero" | "sidebar" | "footer" | "popup";
                        startDate: string | null;
                        endDate: string | null;
                        priority: number;
                        isActive: boolean;
                        clickCount: number;
                        impressionCount: number;
                        createdAt: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putBannersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        /** @description Either `{isActive}` alone (the card toggle) or the full banner of POST /api/banners. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "isActive": false
                 *     }
                 */
                "application/json": {
                    isActive: boolean;
                } | {
                    title: string;
                    description?: string | null;
                    imageUrl: string | null;
                    targetUrl?: string | null;
                    /**
                     * @default hero
                     * @enum {string}
                     */
                    position?: "hero" | "sidebar" | "footer" | "popup";
                    startDate?: string | null;
                    endDate?: string | null;
                    /** @default 1 */
                    priority?: number;
                    /** @default true */
                    isActive?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 4,
                     *       "title": "نوکیں البم — New album: Kalat Nights",
                     *       "description": "Brahui and Balochi duets, out now",
                     *       "imageUrl": "/media/images/banners/c4/c4d5e6f708192a3b4c5d6e7f8091a2b3.png",
                     *       "targetUrl": "https://nazenk.example/albums/5",
                     *       "position": "hero",
                     *       "startDate": "2026-03-01",
                     *       "endDate": "2026-03-31",
                     *       "priority": 1,
                     *       "isActive": true,
                     *       "clickCount": 312,
                     *       "impressionCount": 15840,
                     *       "createdAt": "2026-02-28T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        title: string;
                        description: string | null;
                        imageUrl: string | null;
                        targetUrl: string | null;
                        /** @enum {string} */
                        position: "hero" | "sidebar" | "footer" | "popup";
                        startDate: string | null;
                        endDate: string | null;
                        priority: number;
                        isActive: boolean;
                        clickCount: number;
                        impressionCount: number;
                        createdAt: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteBannersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getUsers: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                q?: string;
                sort?: "newest" | "oldest" | "name";
                status?: "active" | "suspended";
                account?: "pro" | "free";
                signupMethod?: "email" | "google" | "facebook" | "apple";
            };
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    /** @description How many rows match the query in all (the body holds one page of them). Exact up to 10,000; when more match, a lower bound (the larger of 10,000 and offset + rows on this page) and X-Total-Count-Exact is false. */
                    "X-Total-Count": number;
                    /** @description "true" when X-Total-Count is exact, "false" when it is a lower bound (more than 10,000 rows match). */
                    "X-Total-Count-Exact": "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 7,
                     *         "firstName": "Mahnaz",
                     *         "lastName": "بلوچ",
                     *         "username": "mahnaz.baloch",
                     *         "email": "mahnaz@nazenk.example",
                     *         "profileImage": null,
                     *         "signupMethod": "google",
                     *         "isPremium": true,
                     *         "isActive": true,
                     *         "createdAt": "2026-01-20T16:05:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        id: number;
                        firstName: string | null;
                        lastName: string | null;
                        username: string;
                        email: string;
                        profileImage: string | null;
                        /** @enum {string} */
                        signupMethod: "email" | "google" | "facebook" | "apple";
                        isPremium: boolean;
                        isActive: boolean;
                        createdAt: string;
                    }[];
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getUsersById: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 7,
                     *       "firstName": "Mahnaz",
                     *       "lastName": "بلوچ",
                     *       "username": "mahnaz.baloch",
                     *       "email": "mahnaz@nazenk.example",
                     *       "profileImage": null,
                     *       "signupMethod": "google",
                     *       "isPremium": true,
                     *       "isActive": true,
                     *       "createdAt": "2026-01-20T16:05:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        firstName: string | null;
                        lastName: string | null;
                        username: string;
                        email: string;
                        profileImage: string | null;
                        /** @enum {string} */
                        signupMethod: "email" | "google" | "facebook" | "apple";
                        isPremium: boolean;
                        isActive: boolean;
                        createdAt: string;
                    };
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putUsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "isPremium": true
                 *     }
                 */
                "application/json": {
                    isPremium?: boolean;
                    isActive?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 7,
                     *       "firstName": "Mahnaz",
                     *       "lastName": "بلوچ",
                     *       "username": "mahnaz.baloch",
                     *       "email": "mahnaz@nazenk.example",
                     *       "profileImage": null,
                     *       "signupMethod": "google",
                     *       "isPremium": true,
                     *       "isActive": true,
                     *       "createdAt": "2026-01-20T16:05:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        firstName: string | null;
                        lastName: string | null;
                        username: string;
                        email: string;
                        profileImage: string | null;
                        /** @enum {string} */
                        signupMethod: "email" | "google" | "facebook" | "apple";
                        isPremium: boolean;
                        isActive: boolean;
                        createdAt: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteUsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getArtistsExportCsv: {
        parameters: {
            query?: {
                q?: string;
                sort?: "newest" | "oldest" | "name" | "streams";
                verified?: "0" | "1" | "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The artists as an attachment named artists-<date>.csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAlbumsExportCsv: {
        parameters: {
            query?: {
                q?: string;
                sort?: "newest" | "oldest" | "title" | "release";
                genreId?: number;
                artistId?: number;
                year?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The albums as an attachment named albums-<date>.csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSongsExportCsv: {
        parameters: {
            query?: {
                q?: string;
                sort?: "newest" | "oldest" | "most_played" | "most_liked";
                language?: "Balochi" | "Brahui";
                status?: "published" | "processing" | "draft";
                albumId?: number;
                artistId?: number;
                genreId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The songs as an attachment named songs-<date>.csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getGenresExportCsv: {
        parameters: {
            query?: {
                q?: string;
                sort?: "name" | "newest" | "oldest";
                active?: "0" | "1" | "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The categories as an attachment named categories-<date>.csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPlaylistsExportCsv: {
        parameters: {
            query?: {
                q?: string;
                sort?: "newest" | "oldest" | "name" | "songs";
                filter?: "all" | "featured" | "public" | "hidden";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The playlists as an attachment named playlists-<date>.csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBannersExportCsv: {
        parameters: {
            query?: {
                q?: string;
                sort?: "priority" | "newest" | "oldest";
                position?: "hero" | "sidebar" | "footer" | "popup";
                active?: "0" | "1" | "true" | "false";
                schedule?: "running" | "scheduled" | "expired";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The banners as an attachment named banners-<date>.csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getUsersExportCsv: {
        parameters: {
            query?: {
                q?: string;
                sort?: "newest" | "oldest" | "name";
                status?: "active" | "suspended";
                account?: "pro" | "free";
                signupMethod?: "email" | "google" | "facebook" | "apple";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The users as an attachment named users-<date>.csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": 7,
                     *         "firstName": "Mahnaz",
                     *         "lastName": "بلوچ",
                     *         "username": "mahnaz.baloch",
                     *         "email": "mahnaz@nazenk.example",
                     *         "profileImage": null,
                     *         "signupMethod": "google",
                     *         "isPremium": true,
                     *         "isActive": true,
                     *         "createdAt": "2026-01-20T16:05:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "id": 7,
                         *       "firstName": "Mahnaz",
                         *       "lastName": "بلوچ",
                         *       "username": "mahnaz.baloch",
                         *       "email": "mahnaz@nazenk.example",
                         *       "profileImage": null,
                         *       "signupMethod": "google",
                         *       "isPremium": true,
                         *       "isActive": true,
                         *       "createdAt": "2026-01-20T16:05:00.000Z"
                         *     }
                         */
                        data: {
                            id: number;
                            firstName: string | null;
                            lastName: string | null;
                            username: string;
                            email: string;
                            profileImage: string | null;
                            /** @enum {string} */
                            signupMethod: "email" | "google" | "facebook" | "apple";
                            isPremium: boolean;
                            isActive: boolean;
                            createdAt: string;
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAccountRefresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "refreshToken": "nzk_rt_H7e1Jm4sP9vB2nK8cQ6xW3yZ5tL0aR1f"
                 *     }
                 */
                "application/json": {
                    refreshToken: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "tokenType": "Bearer",
                     *         "accessToken": "nzk_at_3q2+7w9fQ1c8xR0bLk5mVY4uT6pZsA2d",
                     *         "refreshToken": "nzk_rt_H7e1Jm4sP9vB2nK8cQ6xW3yZ5tL0aR1f",
                     *         "expiresAt": "2026-03-05T12:00:00.000Z",
                     *         "refreshExpiresAt": "2026-04-04T11:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "tokenType": "Bearer",
                         *       "accessToken": "nzk_at_3q2+7w9fQ1c8xR0bLk5mVY4uT6pZsA2d",
                         *       "refreshToken": "nzk_rt_H7e1Jm4sP9vB2nK8cQ6xW3yZ5tL0aR1f",
                         *       "expiresAt": "2026-03-05T12:00:00.000Z",
                         *       "refreshExpiresAt": "2026-04-04T11:00:00.000Z"
                         *     }
                         */
                        data: {
                            /** @enum {string} */
                            tokenType: "Bearer";
                            accessToken: string;
                            refreshToken: string;
                            expiresAt: string;
                            refreshExpiresAt: string;
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The refresh token is unknown, used, expired or revoked: sign in again. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The user is suspended, or a cross-site browser request. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAccountLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": null
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: null;
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": 31,
                     *           "createdAt": "2026-03-01T09:00:00.000Z",
                     *           "lastUsedAt": "2026-03-05T10:59:00.000Z",
                     *           "expiresAt": "2026-03-05T12:00:00.000Z",
                     *           "refreshExpiresAt": "2026-03-31T09:00:00.000Z",
                     *           "userAgent": "Nazenk/1.4 (Android 14)",
                     *           "current": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            createdAt: string;
                            lastUsedAt: string;
                            expiresAt: string;
                            refreshExpiresAt: string;
                            userAgent: string | null;
                            current: boolean;
                        }[];
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteAccountTokensById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": null
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: null;
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postUsersByIdPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "token": "nzk_pr_4f8a1c2e9b7d6e5f4a3b2c1d0e9f8a7b",
                     *       "expiresAt": "2026-03-06T11:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        token: string;
                        expiresAt: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getUserPlaylists: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": 44,
                     *           "name": "Safar — سفر",
                     *           "description": "راہ ءِ سوت, songs for the road to Gwadar",
                     *           "isPublic": true,
                     *           "isHidden": false,
                     *           "isOwner": true,
                     *           "createdBy": "Mahnaz Baloch",
                     *           "songCount": 1,
                     *           "createdAt": "2026-03-04T07:30:00.000Z",
                     *           "updatedAt": "2026-03-05T10:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            name: string;
                            description: string | null;
                            isPublic: boolean;
                            isHidden: boolean;
                            isOwner: boolean;
                            createdBy: string | null;
                            songCount: number;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postUserPlaylists: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Safar — سفر",
                 *       "description": "راہ ءِ سوت, songs for the road to Gwadar",
                 *       "isPublic": true
                 *     }
                 */
                "application/json": {
                    name: string;
                    description?: string | null;
                    /** @default false */
                    isPublic?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": 44,
                     *         "name": "Safar — سفر",
                     *         "description": "راہ ءِ سوت, songs for the road to Gwadar",
                     *         "isPublic": true,
                     *         "isHidden": false,
                     *         "isOwner": true,
                     *         "createdBy": "Mahnaz Baloch",
                     *         "songCount": 1,
                     *         "createdAt": "2026-03-04T07:30:00.000Z",
                     *         "updatedAt": "2026-03-05T10:00:00.000Z",
                     *         "songs": [
                     *           {
                     *             "id": 101,
                     *             "title": "منی وطن",
                     *             "lyricist": "Gul Khan Nasir — گل خان نصیر",
                     *             "albumId": 5,
                     *             "albumTitle": "منی وطن",
                     *             "artistName": "نور خان بزنجو",
                     *             "coverArt": null,
                     *             "genreId": 3,
                     *             "duration": 245,
                     *             "lyrics": null,
                     *             "language": "Balochi",
                     *             "totalStreams": 18250,
                     *             "likesCount": 940,
                     *             "downloadsCount": 310,
                     *             "createdAt": "2026-02-01T08:20:00.000Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "id": 44,
                         *       "name": "Safar — سفر",
                         *       "description": "راہ ءِ سوت, songs for the road to Gwadar",
                         *       "isPublic": true,
                         *       "isHidden": false,
                         *       "isOwner": true,
                         *       "createdBy": "Mahnaz Baloch",
                         *       "songCount": 1,
                         *       "createdAt": "2026-03-04T07:30:00.000Z",
                         *       "updatedAt": "2026-03-05T10:00:00.000Z",
                         *       "songs": [
                         *         {
                         *           "id": 101,
                         *           "title": "منی وطن",
                         *           "lyricist": "Gul Khan Nasir — گل خان نصیر",
                         *           "albumId": 5,
                         *           "albumTitle": "منی وطن",
                         *           "artistName": "نور خان بزنجو",
                         *           "coverArt": null,
                         *           "genreId": 3,
                         *           "duration": 245,
                         *           "lyrics": null,
                         *           "language": "Balochi",
                         *           "totalStreams": 18250,
                         *           "likesCount": 940,
                         *           "downloadsCount": 310,
                         *           "createdAt": "2026-02-01T08:20:00.000Z"
                         *         }
                         *       ]
                         *     }
                         */
                        data: {
                            id: number;
                            name: string;
                            description: string | null;
                            isPublic: boolean;
                            isHidden: boolean;
                            isOwner: boolean;
                            createdBy: string | null;
                            songCount: number;
                            createdAt: string;
                            updatedAt: string;
                            songs: {
                                id: number;
                                title: string;
                                lyricist: string | null;
                                albumId: number;
                                albumTitle: string;
                                artistName: string;
                                coverArt: string | null;
                                genreId: number | null;
                                duration: number | null;
                                lyrics: string | null;
                                language: ("Balochi" | "Brahui") | null;
                                totalStreams: number;
                                likesCount: number;
                                downloadsCount: number;
                                createdAt: string;
                            }[];
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getUserPlaylistsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": 44,
                     *         "name": "Safar — سفر",
                     *         "description": "راہ ءِ سوت, songs for the road to Gwadar",
                     *         "isPublic": true,
                     *         "isHidden": false,
                     *         "isOwner": true,
                     *         "createdBy": "Mahnaz Baloch",
                     *         "songCount": 1,
                     *         "createdAt": "2026-03-04T07:30:00.000Z",
                     *         "updatedAt": "2026-03-05T10:00:00.000Z",
                     *         "songs": [
                     *           {
                     *             "id": 101,
                     *             "title": "منی وطن",
                     *             "lyricist": "Gul Khan Nasir — گل خان نصیر",
                     *             "albumId": 5,
                     *             "albumTitle": "منی وطن",
                     *             "artistName": "نور خان بزنجو",
                     *             "coverArt": null,
                     *             "genreId": 3,
                     *             "duration": 245,
                     *             "lyrics": null,
                     *             "language": "Balochi",
                     *             "totalStreams": 18250,
                     *             "likesCount": 940,
                     *             "downloadsCount": 310,
                     *             "createdAt": "2026-02-01T08:20:00.000Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "id": 44,
                         *       "name": "Safar — سفر",
                         *       "description": "راہ ءِ سوت, songs for the road to Gwadar",
                         *       "isPublic": true,
                         *       "isHidden": false,
                         *       "isOwner": true,
                         *       "createdBy": "Mahnaz Baloch",
                         *       "songCount": 1,
                         *       "createdAt": "2026-03-04T07:30:00.000Z",
                         *       "updatedAt": "2026-03-05T10:00:00.000Z",
                         *       "songs": [
                         *         {
                         *           "id": 101,
                         *           "title": "منی وطن",
                         *           "lyricist": "Gul Khan Nasir — گل خان نصیر",
                         *           "albumId": 5,
                         *           "albumTitle": "منی وطن",
                         *           "artistName": "نور خان بزنجو",
                         *           "coverArt": null,
                         *           "genreId": 3,
                         *           "duration": 245,
                         *           "lyrics": null,
                         *           "language": "Balochi",
                         *           "totalStreams": 18250,
                         *           "likesCount": 940,
                         *           "downloadsCount": 310,
                         *           "createdAt": "2026-02-01T08:20:00.000Z"
                         *         }
                         *       ]
                         *     }
                         */
                        data: {
                            id: number;
                            name: string;
                            description: string | null;
                            isPublic: boolean;
                            isHidden: boolean;
                            isOwner: boolean;
                            createdBy: string | null;
                            songCount: number;
                            createdAt: string;
                            updatedAt: string;
                            songs: {
                                id: number;
                                title: string;
                                lyricist: string | null;
                                albumId: number;
                                albumTitle: string;
                                artistName: string;
                                coverArt: string | null;
                                genreId: number | null;
                                duration: number | null;
                                lyrics: string | null;
                                language: ("Balochi" | "Brahui") | null;
                                totalStreams: number;
                                likesCount: number;
                                downloadsCount: number;
                                createdAt: string;
                            }[];
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteUserPlaylistsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": null
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: null;
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchUserPlaylistsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Shap — شپ",
                 *       "isPublic": false
                 *     }
                 */
                "application/json": {
                    name?: string;
                    description?: string | null;
                    isPublic?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": 44,
                     *         "name": "Safar — سفر",
                     *         "description": "راہ ءِ سوت, songs for the road to Gwadar",
                     *         "isPublic": true,
                     *         "isHidden": false,
                     *         "isOwner": true,
                     *         "createdBy": "Mahnaz Baloch",
                     *         "songCount": 1,
                     *         "createdAt": "2026-03-04T07:30:00.000Z",
                     *         "updatedAt": "2026-03-05T10:00:00.000Z",
                     *         "songs": [
                     *           {
                     *             "id": 101,
                     *             "title": "منی وطن",
                     *             "lyricist": "Gul Khan Nasir — گل خان نصیر",
                     *             "albumId": 5,
                     *             "albumTitle": "منی وطن",
                     *             "artistName": "نور خان بزنجو",
                     *             "coverArt": null,
                     *             "genreId": 3,
                     *             "duration": 245,
                     *             "lyrics": null,
                     *             "language": "Balochi",
                     *             "totalStreams": 18250,
                     *             "likesCount": 940,
                     *             "downloadsCount": 310,
                     *             "createdAt": "2026-02-01T08:20:00.000Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "id": 44,
                         *       "name": "Safar — سفر",
                         *       "description": "راہ ءِ سوت, songs for the road to Gwadar",
                         *       "isPublic": true,
                         *       "isHidden": false,
                         *       "isOwner": true,
                         *       "createdBy": "Mahnaz Baloch",
                         *       "songCount": 1,
                         *       "createdAt": "2026-03-04T07:30:00.000Z",
                         *       "updatedAt": "2026-03-05T10:00:00.000Z",
                         *       "songs": [
                         *         {
                         *           "id": 101,
                         *           "title": "منی وطن",
                         *           "lyricist": "Gul Khan Nasir — گل خان نصیر",
                         *           "albumId": 5,
                         *           "albumTitle": "منی وطن",
                         *           "artistName": "نور خان بزنجو",
                         *           "coverArt": null,
                         *           "genreId": 3,
                         *           "duration": 245,
                         *           "lyrics": null,
                         *           "language": "Balochi",
                         *           "totalStreams": 18250,
                         *           "likesCount": 940,
                         *           "downloadsCount": 310,
                         *           "createdAt": "2026-02-01T08:20:00.000Z"
                         *         }
                         *       ]
                         *     }
                         */
                        data: {
                            id: number;
                            name: string;
                            description: string | null;
                            isPublic: boolean;
                            isHidden: boolean;
                            isOwner: boolean;
                            createdBy: string | null;
                            songCount: number;
                            createdAt: string;
                            updatedAt: string;
                            songs: {
                                id: number;
                                title: string;
                                lyricist: string | null;
                                albumId: number;
                                albumTitle: string;
                                artistName: string;
                                coverArt: string | null;
                                genreId: number | null;
                                duration: number | null;
                                lyrics: string | null;
                                language: ("Balochi" | "Brahui") | null;
                                totalStreams: number;
                                likesCount: number;
                                downloadsCount: number;
                                createdAt: string;
                            }[];
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putUserPlaylistsByIdSongs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "songIds": [
                 *         101,
                 *         102
                 *       ]
                 *     }
                 */
                "application/json": {
                    songIds: number[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": 44,
                     *         "name": "Safar — سفر",
                     *         "description": "راہ ءِ سوت, songs for the road to Gwadar",
                     *         "isPublic": true,
                     *         "isHidden": false,
                     *         "isOwner": true,
                     *         "createdBy": "Mahnaz Baloch",
                     *         "songCount": 1,
                     *         "createdAt": "2026-03-04T07:30:00.000Z",
                     *         "updatedAt": "2026-03-05T10:00:00.000Z",
                     *         "songs": [
                     *           {
                     *             "id": 101,
                     *             "title": "منی وطن",
                     *             "lyricist": "Gul Khan Nasir — گل خان نصیر",
                     *             "albumId": 5,
                     *             "albumTitle": "منی وطن",
                     *             "artistName": "نور خان بزنجو",
                     *             "coverArt": null,
                     *             "genreId": 3,
                     *             "duration": 245,
                     *             "lyrics": null,
                     *             "language": "Balochi",
                     *             "totalStreams": 18250,
                     *             "likesCount": 940,
                     *             "downloadsCount": 310,
                     *             "createdAt": "2026-02-01T08:20:00.000Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "id": 44,
                         *       "name": "Safar — سفر",
                         *       "description": "راہ ءِ سوت, songs for the road to Gwadar",
                         *       "isPublic": true,
                         *       "isHidden": false,
                         *       "isOwner": true,
                         *       "createdBy": "Mahnaz Baloch",
                         *       "songCount": 1,
                         *       "createdAt": "2026-03-04T07:30:00.000Z",
                         *       "updatedAt": "2026-03-05T10:00:00.000Z",
                         *       "songs": [
                         *         {
                         *           "id": 101,
                         *           "title": "منی وطن",
                         *           "lyricist": "Gul Khan Nasir — گل خان نصیر",
                         *           "albumId": 5,
                         *           "albumTitle": "منی وطن",
                         *           "artistName": "نور خان بزنجو",
                         *           "coverArt": null,
                         *           "genreId": 3,
                         *           "duration": 245,
                         *           "lyrics": null,
                         *           "language": "Balochi",
                         *           "totalStreams": 18250,
                         *           "likesCount": 940,
                         *           "downloadsCount": 310,
                         *           "createdAt": "2026-02-01T08:20:00.000Z"
                         *         }
                         *       ]
                         *     }
                         */
                        data: {
                            id: number;
                            name: string;
                            description: string | null;
                            isPublic: boolean;
                            isHidden: boolean;
                            isOwner: boolean;
                            createdBy: string | null;
                            songCount: number;
                            createdAt: string;
                            updatedAt: string;
                            songs: {
                                id: number;
                                title: string;
                                lyricist: string | null;
                                albumId: number;
                                albumTitle: string;
                                artistName: string;
                                coverArt: string | null;
                                genreId: number | null;
                                duration: number | null;
                                lyrics: string | null;
                                language: ("Balochi" | "Brahui") | null;
                                totalStreams: number;
                                likesCount: number;
                                downloadsCount: number;
                                createdAt: string;
                            }[];
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postUserPlaylistsByIdSongs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "songId": 101
                 *     }
                 */
                "application/json": {
                    songId: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": 44,
                     *         "name": "Safar — سفر",
                     *         "description": "راہ ءِ سوت, songs for the road to Gwadar",
                     *         "isPublic": true,
                     *         "isHidden": false,
                     *         "isOwner": true,
                     *         "createdBy": "Mahnaz Baloch",
                     *         "songCount": 1,
                     *         "createdAt": "2026-03-04T07:30:00.000Z",
                     *         "updatedAt": "2026-03-05T10:00:00.000Z",
                     *         "songs": [
                     *           {
                     *             "id": 101,
                     *             "title": "منی وطن",
                     *             "lyricist": "Gul Khan Nasir — گل خان نصیر",
                     *             "albumId": 5,
                     *             "albumTitle": "منی وطن",
                     *             "artistName": "نور خان بزنجو",
                     *             "coverArt": null,
                     *             "genreId": 3,
                     *             "duration": 245,
                     *             "lyrics": null,
                     *             "language": "Balochi",
                     *             "totalStreams": 18250,
                     *             "likesCount": 940,
                     *             "downloadsCount": 310,
                     *             "createdAt": "2026-02-01T08:20:00.000Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "id": 44,
                         *       "name": "Safar — سفر",
                         *       "description": "راہ ءِ سوت, songs for the road to Gwadar",
                         *       "isPublic": true,
                         *       "isHidden": false,
                         *       "isOwner": true,
                         *       "createdBy": "Mahnaz Baloch",
                         *       "songCount": 1,
                         *       "createdAt": "2026-03-04T07:30:00.000Z",
                         *       "updatedAt": "2026-03-05T10:00:00.000Z",
                         *       "songs": [
                         *         {
                         *           "id": 101,
                         *           "title": "منی وطن",
                         *           "lyricist": "Gul Khan Nasir — گل خان نصیر",
                         *           "albumId": 5,
                         *           "albumTitle": "منی وطن",
                         *           "artistName": "نور خان بزنجو",
                         *           "coverArt": null,
                         *           "genreId": 3,
                         *           "duration": 245,
                         *           "lyrics": null,
                         *           "language": "Balochi",
                         *           "totalStreams": 18250,
                         *           "likesCount": 940,
                         *           "downloadsCount": 310,
                         *           "createdAt": "2026-02-01T08:20:00.000Z"
                         *         }
                         *       ]
                         *     }
                         */
                        data: {
                            id: number;
                            name: string;
                            description: string | null;
                            isPublic: boolean;
                            isHidden: boolean;
                            isOwner: boolean;
                            createdBy: string | null;
                            songCount: number;
                            createdAt: string;
                            updatedAt: string;
                            songs: {
                                id: number;
                                title: string;
                                lyricist: string | null;
                                albumId: number;
                                albumTitle: string;
                                artistName: string;
                                coverArt: string | null;
                                genreId: number | null;
                                duration: number | null;
                                lyrics: string | null;
                                language: ("Balochi" | "Brahui") | null;
                                totalStreams: number;
                                likesCount: number;
                                downloadsCount: number;
                                createdAt: string;
                            }[];
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteUserPlaylistsByIdSongsBySongId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                songId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": 44,
                     *         "name": "Safar — سفر",
                     *         "description": "راہ ءِ سوت, songs for the road to Gwadar",
                     *         "isPublic": true,
                     *         "isHidden": false,
                     *         "isOwner": true,
                     *         "createdBy": "Mahnaz Baloch",
                     *         "songCount": 1,
                     *         "createdAt": "2026-03-04T07:30:00.000Z",
                     *         "updatedAt": "2026-03-05T10:00:00.000Z",
                     *         "songs": [
                     *           {
                     *             "id": 101,
                     *             "title": "منی وطن",
                     *             "lyricist": "Gul Khan Nasir — گل خان نصیر",
                     *             "albumId": 5,
                     *             "albumTitle": "منی وطن",
                     *             "artistName": "نور خان بزنجو",
                     *             "coverArt": null,
                     *             "genreId": 3,
                     *             "duration": 245,
                     *             "lyrics": null,
                     *             "language": "Balochi",
                     *             "totalStreams": 18250,
                     *             "likesCount": 940,
                     *             "downloadsCount": 310,
                     *             "createdAt": "2026-02-01T08:20:00.000Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "id": 44,
                         *       "name": "Safar — سفر",
                         *       "description": "راہ ءِ سوت, songs for the road to Gwadar",
                         *       "isPublic": true,
                         *       "isHidden": false,
                         *       "isOwner": true,
                         *       "createdBy": "Mahnaz Baloch",
                         *       "songCount": 1,
                         *       "createdAt": "2026-03-04T07:30:00.000Z",
                         *       "updatedAt": "2026-03-05T10:00:00.000Z",
                         *       "songs": [
                         *         {
                         *           "id": 101,
                         *           "title": "منی وطن",
                         *           "lyricist": "Gul Khan Nasir — گل خان نصیر",
                         *           "albumId": 5,
                         *           "albumTitle": "منی وطن",
                         *           "artistName": "نور خان بزنجو",
                         *           "coverArt": null,
                         *           "genreId": 3,
                         *           "duration": 245,
                         *           "lyrics": null,
                         *           "language": "Balochi",
                         *           "totalStreams": 18250,
                         *           "likesCount": 940,
                         *           "downloadsCount": 310,
                         *           "createdAt": "2026-02-01T08:20:00.000Z"
                         *         }
                         *       ]
                         *     }
                         */
                        data: {
                            id: number;
                            name: string;
                            description: string | null;
                            isPublic: boolean;
                            isHidden: boolean;
                            isOwner: boolean;
                            createdBy: string | null;
                            songCount: number;
                            createdAt: string;
                            updatedAt: string;
                            songs: {
                                id: number;
                                title: string;
                                lyricist: string | null;
                                albumId: number;
                                albumTitle: string;
                                artistName: string;
                                coverArt: string | null;
                                genreId: number | null;
                                duration: number | null;
                                lyrics: string | null;
                                language: ("Balochi" | "Brahui") | null;
                                totalStreams: number;
                                likesCount: number;
                                downloadsCount: number;
                                createdAt: string;
                            }[];
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getUserByIdStats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "userId": 7,
                     *         "likedSongs": 42,
                     *         "followedArtists": 9,
                     *         "playlists": 3,
                     *         "totalStreams": 1280,
                     *         "totalDownloads": 35,
                     *         "listeningSeconds": 301400,
                     *         "lastStreamAt": "2026-03-05T10:58:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "userId": 7,
                         *       "likedSongs": 42,
                         *       "followedArtists": 9,
                         *       "playlists": 3,
                         *       "totalStreams": 1280,
                         *       "totalDownloads": 35,
                         *       "listeningSeconds": 301400,
                         *       "lastStreamAt": "2026-03-05T10:58:00.000Z"
                         *     }
                         */
                        data: {
                            userId: number;
                            likedSongs: number;
                            followedArtists: number;
                            playlists: number;
                            totalStreams: number;
                            totalDownloads: number;
                            listeningSeconds: number;
                            lastStreamAt: string | null;
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAccountRegister: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "mahnaz@nazenk.example",
                 *       "password": "Sohbat-e-Shap 2026",
                 *       "username": "mahnaz.baloch",
                 *       "firstName": "Mahnaz",
                 *       "lastName": "بلوچ"
                 *     }
                 */
                "application/json": {
                    email: string;
                    password: string;
                    username?: string;
                    firstName?: string | null;
                    lastName?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "user": {
                     *           "id": 7,
                     *           "firstName": "Mahnaz",
                     *           "lastName": "بلوچ",
                     *           "username": "mahnaz.baloch",
                     *           "email": "mahnaz@nazenk.example",
                     *           "profileImage": null,
                     *           "signupMethod": "google",
                     *           "isPremium": true,
                     *           "isActive": true,
                     *           "createdAt": "2026-01-20T16:05:00.000Z"
                     *         },
                     *         "tokens": {
                     *           "tokenType": "Bearer",
                     *           "accessToken": "nzk_at_3q2+7w9fQ1c8xR0bLk5mVY4uT6pZsA2d",
                     *           "refreshToken": "nzk_rt_H7e1Jm4sP9vB2nK8cQ6xW3yZ5tL0aR1f",
                     *           "expiresAt": "2026-03-05T12:00:00.000Z",
                     *           "refreshExpiresAt": "2026-04-04T11:00:00.000Z"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * @example {
                             *       "id": 7,
                             *       "firstName": "Mahnaz",
                             *       "lastName": "بلوچ",
                             *       "username": "mahnaz.baloch",
                             *       "email": "mahnaz@nazenk.example",
                             *       "profileImage": null,
                             *       "signupMethod": "google",
                             *       "isPremium": true,
                             *       "isActive": true,
                             *       "createdAt": "2026-01-20T16:05:00.000Z"
                             *     }
                             */
                            user: {
                                id: number;
                                firstName: string | null;
                                lastName: string | null;
                                username: string;
                                email: string;
                                profileImage: string | null;
                                /** @enum {string} */
                                signupMethod: "email" | "google" | "facebook" | "apple";
                                isPremium: boolean;
                                isActive: boolean;
                                createdAt: string;
                            };
                            /**
                             * @example {
                             *       "tokenType": "Bearer",
                             *       "accessToken": "nzk_at_3q2+7w9fQ1c8xR0bLk5mVY4uT6pZsA2d",
                             *       "refreshToken": "nzk_rt_H7e1Jm4sP9vB2nK8cQ6xW3yZ5tL0aR1f",
                             *       "expiresAt": "2026-03-05T12:00:00.000Z",
                             *       "refreshExpiresAt": "2026-04-04T11:00:00.000Z"
                             *     }
                             */
                            tokens: {
                                /** @enum {string} */
                                tokenType: "Bearer";
                                accessToken: string;
                                refreshToken: string;
                                expiresAt: string;
                                refreshExpiresAt: string;
                            };
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The account is suspended, or a cross-site browser request. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The email or username is already taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Album still has 3 songs",
                     *       "code": "CONFLICT",
                     *       "details": {
                     *         "songCount": 3
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many attempts from this address; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAccountLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "mahnaz@nazenk.example",
                 *       "password": "Sohbat-e-Shap 2026"
                 *     }
                 */
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "user": {
                     *           "id": 7,
                     *           "firstName": "Mahnaz",
                     *           "lastName": "بلوچ",
                     *           "username": "mahnaz.baloch",
                     *           "email": "mahnaz@nazenk.example",
                     *           "profileImage": null,
                     *           "signupMethod": "google",
                     *           "isPremium": true,
                     *           "isActive": true,
                     *           "createdAt": "2026-01-20T16:05:00.000Z"
                     *         },
                     *         "tokens": {
                     *           "tokenType": "Bearer",
                     *           "accessToken": "nzk_at_3q2+7w9fQ1c8xR0bLk5mVY4uT6pZsA2d",
                     *           "refreshToken": "nzk_rt_H7e1Jm4sP9vB2nK8cQ6xW3yZ5tL0aR1f",
                     *           "expiresAt": "2026-03-05T12:00:00.000Z",
                     *           "refreshExpiresAt": "2026-04-04T11:00:00.000Z"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * @example {
                             *       "id": 7,
                             *       "firstName": "Mahnaz",
                             *       "lastName": "بلوچ",
                             *       "username": "mahnaz.baloch",
                             *       "email": "mahnaz@nazenk.example",
                             *       "profileImage": null,
                             *       "signupMethod": "google",
                             *       "isPremium": true,
                             *       "isActive": true,
                             *       "createdAt": "2026-01-20T16:05:00.000Z"
                             *     }
                             */
                            user: {
                                id: number;
                                firstName: string | null;
                                lastName: string | null;
                                username: string;
                                email: string;
                                profileImage: string | null;
                                /** @enum {string} */
                                signupMethod: "email" | "google" | "facebook" | "apple";
                                isPremium: boolean;
                                isActive: boolean;
                                createdAt: string;
                            };
                            /**
                             * @example {
                             *       "tokenType": "Bearer",
                             *       "accessToken": "nzk_at_3q2+7w9fQ1c8xR0bLk5mVY4uT6pZsA2d",
                             *       "refreshToken": "nzk_rt_H7e1Jm4sP9vB2nK8cQ6xW3yZ5tL0aR1f",
                             *       "expiresAt": "2026-03-05T12:00:00.000Z",
                             *       "refreshExpiresAt": "2026-04-04T11:00:00.000Z"
                             *     }
                             */
                            tokens: {
                                /** @enum {string} */
                                tokenType: "Bearer";
                                accessToken: string;
                                refreshToken: string;
                                expiresAt: string;
                                refreshExpiresAt: string;
                            };
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Wrong email or password (code INVALID_CREDENTIALS). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The account is suspended, or a cross-site browser request. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many attempts from this address; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAccountSocialByProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: "google" | "apple";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "idToken": "eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl",
                 *       "firstName": "Shahzeb",
                 *       "lastName": "براہوئی"
                 *     }
                 */
                "application/json": {
                    idToken: string;
                    firstName?: string | null;
                    lastName?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "user": {
                     *           "id": 7,
                     *           "firstName": "Mahnaz",
                     *           "lastName": "بلوچ",
                     *           "username": "mahnaz.baloch",
                     *           "email": "mahnaz@nazenk.example",
                     *           "profileImage": null,
                     *           "signupMethod": "google",
                     *           "isPremium": true,
                     *           "isActive": true,
                     *           "createdAt": "2026-01-20T16:05:00.000Z"
                     *         },
                     *         "tokens": {
                     *           "tokenType": "Bearer",
                     *           "accessToken": "nzk_at_3q2+7w9fQ1c8xR0bLk5mVY4uT6pZsA2d",
                     *           "refreshToken": "nzk_rt_H7e1Jm4sP9vB2nK8cQ6xW3yZ5tL0aR1f",
                     *           "expiresAt": "2026-03-05T12:00:00.000Z",
                     *           "refreshExpiresAt": "2026-04-04T11:00:00.000Z"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * @example {
                             *       "id": 7,
                             *       "firstName": "Mahnaz",
                             *       "lastName": "بلوچ",
                             *       "username": "mahnaz.baloch",
                             *       "email": "mahnaz@nazenk.example",
                             *       "profileImage": null,
                             *       "signupMethod": "google",
                             *       "isPremium": true,
                             *       "isActive": true,
                             *       "createdAt": "2026-01-20T16:05:00.000Z"
                             *     }
                             */
                            user: {
                                id: number;
                                firstName: string | null;
                                lastName: string | null;
                                username: string;
                                email: string;
                                profileImage: string | null;
                                /** @enum {string} */
                                signupMethod: "email" | "google" | "facebook" | "apple";
                                isPremium: boolean;
                                isActive: boolean;
                                createdAt: string;
                            };
                            /**
                             * @example {
                             *       "tokenType": "Bearer",
                             *       "accessToken": "nzk_at_3q2+7w9fQ1c8xR0bLk5mVY4uT6pZsA2d",
                             *       "refreshToken": "nzk_rt_H7e1Jm4sP9vB2nK8cQ6xW3yZ5tL0aR1f",
                             *       "expiresAt": "2026-03-05T12:00:00.000Z",
                             *       "refreshExpiresAt": "2026-04-04T11:00:00.000Z"
                             *     }
                             */
                            tokens: {
                                /** @enum {string} */
                                tokenType: "Bearer";
                                accessToken: string;
                                refreshToken: string;
                                expiresAt: string;
                                refreshExpiresAt: string;
                            };
                        };
                        message?: string;
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "user": {
                     *           "id": 7,
                     *           "firstName": "Mahnaz",
                     *           "lastName": "بلوچ",
                     *           "username": "mahnaz.baloch",
                     *           "email": "mahnaz@nazenk.example",
                     *           "profileImage": null,
                     *           "signupMethod": "google",
                     *           "isPremium": true,
                     *           "isActive": true,
                     *           "createdAt": "2026-01-20T16:05:00.000Z"
                     *         },
                     *         "tokens": {
                     *           "tokenType": "Bearer",
                     *           "accessToken": "nzk_at_3q2+7w9fQ1c8xR0bLk5mVY4uT6pZsA2d",
                     *           "refreshToken": "nzk_rt_H7e1Jm4sP9vB2nK8cQ6xW3yZ5tL0aR1f",
                     *           "expiresAt": "2026-03-05T12:00:00.000Z",
                     *           "refreshExpiresAt": "2026-04-04T11:00:00.000Z"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * @example {
                             *       "id": 7,
                             *       "firstName": "Mahnaz",
                             *       "lastName": "بلوچ",
                             *       "username": "mahnaz.baloch",
                             *       "email": "mahnaz@nazenk.example",
                             *       "profileImage": null,
                             *       "signupMethod": "google",
                             *       "isPremium": true,
                             *       "isActive": true,
                             *       "createdAt": "2026-01-20T16:05:00.000Z"
                             *     }
                             */
                            user: {
                                id: number;
                                firstName: string | null;
                                lastName: string | null;
                                username: string;
                                email: string;
                                profileImage: string | null;
                                /** @enum {string} */
                                signupMethod: "email" | "google" | "facebook" | "apple";
                                isPremium: boolean;
                                isActive: boolean;
                                createdAt: string;
                            };
                            /**
                             * @example {
                             *       "tokenType": "Bearer",
                             *       "accessToken": "nzk_at_3q2+7w9fQ1c8xR0bLk5mVY4uT6pZsA2d",
                             *       "refreshToken": "nzk_rt_H7e1Jm4sP9vB2nK8cQ6xW3yZ5tL0aR1f",
                             *       "expiresAt": "2026-03-05T12:00:00.000Z",
                             *       "refreshExpiresAt": "2026-04-04T11:00:00.000Z"
                             *     }
                             */
                            tokens: {
                                /** @enum {string} */
                                tokenType: "Bearer";
                                accessToken: string;
                                refreshToken: string;
                                expiresAt: string;
                                refreshExpiresAt: string;
                            };
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The ID token is invalid, expired or not for this app. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The account is suspended, or a cross-site browser request. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many attempts from this address; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAccountPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "nzk_pr_4f8a1c2e9b7d6e5f4a3b2c1d0e9f8a7b",
                 *       "password": "Kalat-Nights 2026"
                 *     }
                 */
                "application/json": {
                    token: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": null
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: null;
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The account is suspended, or a cross-site browser request. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The reset token was used or has expired. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many attempts from this address; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "admob": {
                     *         "androidAppId": "ca-app-pub-3940256099942544~3347511713",
                     *         "androidBannerAdUnitId": "ca-app-pub-3940256099942544/6300978111",
                     *         "androidInterstitialAdUnitId": "",
                     *         "androidRewardedAdUnitId": "",
                     *         "androidNativeAdUnitId": "",
                     *         "iosAppId": "",
                     *         "iosBannerAdUnitId": "",
                     *         "iosInterstitialAdUnitId": "",
                     *         "iosRewardedAdUnitId": "",
                     *         "iosNativeAdUnitId": ""
                     *       },
                     *       "apiKeys": {
                     *         "spotifyClientId": "",
                     *         "spotifyClientSecret": "",
                     *         "appleMusicKey": "",
                     *         "lastFmApiKey": "",
                     *         "googleAnalyticsId": "",
                     *         "facebookPixelId": "",
                     *         "firebaseServerKey": "",
                     *         "oneSignalAppId": "5eb5a37e-b458-11e3-ac11-000c2940e62c",
                     *         "oneSignalApiKey": "",
                     *         "stripePublishableKey": "",
                     *         "stripeSecretKey": "",
                     *         "paypalClientId": "",
                     *         "paypalClientSecret": "",
                     *         "doSpacesAccessKey": "••••••••7Q2A",
                     *         "doSpacesSecretKey": "",
                     *         "doSpacesBucket": "nazenk-media",
                     *         "doSpacesRegion": "blr1",
                     *         "doSpacesEndpoint": "https://blr1.digitaloceanspaces.com",
                     *         "twitterApiKey": "",
                     *         "twitterApiSecret": "",
                     *         "facebookAppId": "",
                     *         "facebookAppSecret": "",
                     *         "sendgridApiKey": "",
                     *         "mailgunApiKey": "",
                     *         "mailgunDomain": "",
                     *         "twilioAccountSid": "",
                     *         "twilioAuthToken": "",
                     *         "twilioPhoneNumber": ""
                     *       }
                     *     }
                     */
                    "application/json": {
                        admob: {
                            androidAppId: string;
                            androidBannerAdUnitId: string;
                            androidInterstitialAdUnitId: string;
                            androidRewardedAdUnitId: string;
                            androidNativeAdUnitId: string;
                            iosAppId: string;
                            iosBannerAdUnitId: string;
                            iosInterstitialAdUnitId: string;
                            iosRewardedAdUnitId: string;
                            iosNativeAdUnitId: string;
                        };
                        apiKeys: {
                            spotifyClientId: string;
                            spotifyClientSecret: string;
                            appleMusicKey: string;
                            lastFmApiKey: string;
                            googleAnalyticsId: string;
                            facebookPixelId: string;
                            firebaseServerKey: string;
                            oneSignalAppId: string;
                            oneSignalApiKey: string;
                            stripePublishableKey: string;
                            stripeSecretKey: string;
                            paypalClientId: string;
                            paypalClientSecret: string;
                            doSpacesAccessKey: string;
                            doSpacesSecretKey: string;
                            doSpacesBucket: string;
                            doSpacesRegion: string;
                            doSpacesEndpoint: string;
                            twitterApiKey: string;
                            twitterApiSecret: string;
                            facebookAppId: string;
                            facebookAppSecret: string;
                            sendgridApiKey: string;
                            mailgunApiKey: string;
                            mailgunDomain: string;
                            twilioAccountSid: string;
                            twilioAuthToken: string;
                            twilioPhoneNumber: string;
                        };
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "admob": {
                 *         "androidAppId": "ca-app-pub-3940256099942544~3347511713",
                 *         "androidBannerAdUnitId": "ca-app-pub-3940256099942544/6300978111",
                 *         "androidInterstitialAdUnitId": "",
                 *         "androidRewardedAdUnitId": "",
                 *         "androidNativeAdUnitId": "",
                 *         "iosAppId": "",
                 *         "iosBannerAdUnitId": "",
                 *         "iosInterstitialAdUnitId": "",
                 *         "iosRewardedAdUnitId": "",
                 *         "iosNativeAdUnitId": ""
                 *       },
                 *       "apiKeys": {
                 *         "spotifyClientId": "",
                 *         "spotifyClientSecret": "",
                 *         "appleMusicKey": "",
                 *         "lastFmApiKey": "",
                 *         "googleAnalyticsId": "",
                 *         "facebookPixelId": "",
                 *         "firebaseServerKey": "",
                 *         "oneSignalAppId": "5eb5a37e-b458-11e3-ac11-000c2940e62c",
                 *         "oneSignalApiKey": "",
                 *         "stripePublishableKey": "",
                 *         "stripeSecretKey": "",
                 *         "paypalClientId": "",
                 *         "paypalClientSecret": "",
                 *         "doSpacesAccessKey": "••••••••7Q2A",
                 *         "doSpacesSecretKey": "",
                 *         "doSpacesBucket": "nazenk-media",
                 *         "doSpacesRegion": "blr1",
                 *         "doSpacesEndpoint": "https://blr1.digitaloceanspaces.com",
                 *         "twitterApiKey": "",
                 *         "twitterApiSecret": "",
                 *         "facebookAppId": "",
                 *         "facebookAppSecret": "",
                 *         "sendgridApiKey": "",
                 *         "mailgunApiKey": "",
                 *         "mailgunDomain": "",
                 *         "twilioAccountSid": "",
                 *         "twilioAuthToken": "",
                 *         "twilioPhoneNumber": ""
                 *       }
                 *     }
                 */
                "application/json": {
                    admob: {
                        androidAppId: string;
                        androidBannerAdUnitId: string;
                        androidInterstitialAdUnitId: string;
                        androidRewardedAdUnitId: string;
                        androidNativeAdUnitId: string;
                        iosAppId: string;
                        iosBannerAdUnitId: string;
                        iosInterstitialAdUnitId: string;
                        iosRewardedAdUnitId: string;
                        iosNativeAdUnitId: string;
                    };
                    apiKeys: {
                        spotifyClientId: string;
                        spotifyClientSecret: string;
                        appleMusicKey: string;
                        lastFmApiKey: string;
                        googleAnalyticsId: string;
                        facebookPixelId: string;
                        firebaseServerKey: string;
                        oneSignalAppId: string;
                        oneSignalApiKey: string;
                        stripePublishableKey: string;
                        stripeSecretKey: string;
                        paypalClientId: string;
                        paypalClientSecret: string;
                        doSpacesAccessKey: string;
                        doSpacesSecretKey: string;
                        doSpacesBucket: string;
                        doSpacesRegion: string;
                        doSpacesEndpoint: string;
                        twitterApiKey: string;
                        twitterApiSecret: string;
                        facebookAppId: string;
                        facebookAppSecret: string;
                        sendgridApiKey: string;
                        mailgunApiKey: string;
                        mailgunDomain: string;
                        twilioAccountSid: string;
                        twilioAuthToken: string;
                        twilioPhoneNumber: string;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "admob": {
                     *         "androidAppId": "ca-app-pub-3940256099942544~3347511713",
                     *         "androidBannerAdUnitId": "ca-app-pub-3940256099942544/6300978111",
                     *         "androidInterstitialAdUnitId": "",
                     *         "androidRewardedAdUnitId": "",
                     *         "androidNativeAdUnitId": "",
                     *         "iosAppId": "",
                     *         "iosBannerAdUnitId": "",
                     *         "iosInterstitialAdUnitId": "",
                     *         "iosRewardedAdUnitId": "",
                     *         "iosNativeAdUnitId": ""
                     *       },
                     *       "apiKeys": {
                     *         "spotifyClientId": "",
                     *         "spotifyClientSecret": "",
                     *         "appleMusicKey": "",
                     *         "lastFmApiKey": "",
                     *         "googleAnalyticsId": "",
                     *         "facebookPixelId": "",
                     *         "firebaseServerKey": "",
                     *         "oneSignalAppId": "5eb5a37e-b458-11e3-ac11-000c2940e62c",
                     *         "oneSignalApiKey": "",
                     *         "stripePublishableKey": "",
                     *         "stripeSecretKey": "",
                     *         "paypalClientId": "",
                     *         "paypalClientSecret": "",
                     *         "doSpacesAccessKey": "••••••••7Q2A",
                     *         "doSpacesSecretKey": "",
                     *         "doSpacesBucket": "nazenk-media",
                     *         "doSpacesRegion": "blr1",
                     *         "doSpacesEndpoint": "https://blr1.digitaloceanspaces.com",
                     *         "twitterApiKey": "",
                     *         "twitterApiSecret": "",
                     *         "facebookAppId": "",
                     *         "facebookAppSecret": "",
                     *         "sendgridApiKey": "",
                     *         "mailgunApiKey": "",
                     *         "mailgunDomain": "",
                     *         "twilioAccountSid": "",
                     *         "twilioAuthToken": "",
                     *         "twilioPhoneNumber": ""
                     *       }
                     *     }
                     */
                    "application/json": {
                        admob: {
                            androidAppId: string;
                            androidBannerAdUnitId: string;
                            androidInterstitialAdUnitId: string;
                            androidRewardedAdUnitId: string;
                            androidNativeAdUnitId: string;
                            iosAppId: string;
                            iosBannerAdUnitId: string;
                            iosInterstitialAdUnitId: string;
                            iosRewardedAdUnitId: string;
                            iosNativeAdUnitId: string;
                        };
                        apiKeys: {
                            spotifyClientId: string;
                            spotifyClientSecret: string;
                            appleMusicKey: string;
                            lastFmApiKey: string;
                            googleAnalyticsId: string;
                            facebookPixelId: string;
                            firebaseServerKey: string;
                            oneSignalAppId: string;
                            oneSignalApiKey: string;
                            stripePublishableKey: string;
                            stripeSecretKey: string;
                            paypalClientId: string;
                            paypalClientSecret: string;
                            doSpacesAccessKey: string;
                            doSpacesSecretKey: string;
                            doSpacesBucket: string;
                            doSpacesRegion: string;
                            doSpacesEndpoint: string;
                            twitterApiKey: string;
                            twitterApiSecret: string;
                            facebookAppId: string;
                            facebookAppSecret: string;
                            sendgridApiKey: string;
                            mailgunApiKey: string;
                            mailgunDomain: string;
                            twilioAccountSid: string;
                            twilioAuthToken: string;
                            twilioPhoneNumber: string;
                        };
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postSettingsStorageTest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "doSpacesAccessKey": "DO00EXAMPLEACCESSKEY",
                 *       "doSpacesSecretKey": "example-secret-key-0123456789",
                 *       "doSpacesBucket": "nazenk-media",
                 *       "doSpacesRegion": "blr1",
                 *       "doSpacesEndpoint": "https://blr1.digitaloceanspaces.com"
                 *     }
                 */
                "application/json": {
                    doSpacesAccessKey: string;
                    doSpacesSecretKey: string;
                    doSpacesBucket: string;
                    doSpacesRegion: string;
                    doSpacesEndpoint: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "message": "Wrote and deleted a test object in nazenk-media"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAnalyticsDashboard: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "users": {
                     *           "total": 100000,
                     *           "active": 97400,
                     *           "premium": 8200
                     *         },
                     *         "content": {
                     *           "artists": 1200,
                     *           "albums": 5400,
                     *           "songs": 100000,
                     *           "publishedSongs": 96800,
                     *           "genres": 24
                     *         },
                     *         "engagement": {
                     *           "totalStreams": 48200000,
                     *           "totalDownloads": 1250000
                     *         },
                     *         "banners": {
                     *           "active": 6
                     *         },
                     *         "recentActivity": [
                     *           {
                     *             "type": "song",
                     *             "id": 101,
                     *             "title": "منی وطن",
                     *             "createdAt": "2026-03-05T10:00:00.000Z"
                     *           },
                     *           {
                     *             "type": "user",
                     *             "id": 7,
                     *             "title": "Mahnaz Baloch",
                     *             "createdAt": "2026-03-05T09:40:00.000Z"
                     *           },
                     *           {
                     *             "type": "album",
                     *             "id": 5,
                     *             "title": "Kalat Nights — قلات ءِ شپ",
                     *             "createdAt": "2026-03-04T18:00:00.000Z"
                     *           }
                     *         ],
                     *         "streamsPerDay": [
                     *           {
                     *             "date": "2026-03-04",
                     *             "streams": 15230
                     *           },
                     *           {
                     *             "date": "2026-03-05",
                     *             "streams": 16110
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "users": {
                         *         "total": 100000,
                         *         "active": 97400,
                         *         "premium": 8200
                         *       },
                         *       "content": {
                         *         "artists": 1200,
                         *         "albums": 5400,
                         *         "songs": 100000,
                         *         "publishedSongs": 96800,
                         *         "genres": 24
                         *       },
                         *       "engagement": {
                         *         "totalStreams": 48200000,
                         *         "totalDownloads": 1250000
                         *       },
                         *       "banners": {
                         *         "active": 6
                         *       },
                         *       "recentActivity": [
                         *         {
                         *           "type": "song",
                         *           "id": 101,
                         *           "title": "منی وطن",
                         *           "createdAt": "2026-03-05T10:00:00.000Z"
                         *         },
                         *         {
                         *           "type": "user",
                         *           "id": 7,
                         *           "title": "Mahnaz Baloch",
                         *           "createdAt": "2026-03-05T09:40:00.000Z"
                         *         },
                         *         {
                         *           "type": "album",
                         *           "id": 5,
                         *           "title": "Kalat Nights — قلات ءِ شپ",
                         *           "createdAt": "2026-03-04T18:00:00.000Z"
                         *         }
                         *       ],
                         *       "streamsPerDay": [
                         *         {
                         *           "date": "2026-03-04",
                         *           "streams": 15230
                         *         },
                         *         {
                         *           "date": "2026-03-05",
                         *           "streams": 16110
                         *         }
                         *       ]
                         *     }
                         */
                        data: {
                            users: {
                                total: number;
                                active: number;
                                premium: number;
                            };
                            content: {
                                artists: number;
                                albums: number;
                                songs: number;
                                publishedSongs: number;
                                genres: number;
                            };
                            engagement: {
                                totalStreams: number;
                                totalDownloads: number;
                            };
                            banners: {
                                active: number;
                            };
                            recentActivity: {
                                /** @enum {string} */
                                type: "user" | "song" | "artist" | "album";
                                id: number;
                                title: string;
                                createdAt: string;
                            }[];
                            streamsPerDay: {
                                date: string;
                                streams: number;
                            }[];
                        };
                        message?: string;
                    };
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAuditLog: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                sort?: "newest" | "oldest";
                adminId?: number;
                resource?: "genres" | "artists" | "albums" | "songs" | "playlists" | "banners" | "users" | "settings";
                action?: "create" | "update" | "toggle" | "delete" | "password-reset";
                recordId?: number;
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description How many rows match the query in all (the body holds one page of them). Exact up to 10,000; when more match, a lower bound (the larger of 10,000 and offset + rows on this page) and X-Total-Count-Exact is false. */
                    "X-Total-Count": number;
                    /** @description "true" when X-Total-Count is exact, "false" when it is a lower bound (more than 10,000 rows match). */
                    "X-Total-Count-Exact": "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1204,
                     *         "at": "2026-03-04T09:12:45.120Z",
                     *         "adminId": 1,
                     *         "adminUsername": "admin",
                     *         "resource": "artists",
                     *         "recordId": 12,
                     *         "recordLabel": "نور محمد نورل",
                     *         "action": "update",
                     *         "changes": [
                     *           {
                     *             "field": "name",
                     *             "before": "نور محمد",
                     *             "after": "نور محمد نورل"
                     *           },
                     *           {
                     *             "field": "verified",
                     *             "before": false,
                     *             "after": true
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": {
                        id: number;
                        at: string;
                        adminId: number | null;
                        adminUsername: string;
                        /** @enum {string} */
                        resource: "genres" | "artists" | "albums" | "songs" | "playlists" | "banners" | "users" | "settings";
                        recordId: number | null;
                        recordLabel: string | null;
                        /** @enum {string} */
                        action: "create" | "update" | "toggle" | "delete" | "password-reset";
                        changes: {
                            field: string;
                            before?: unknown;
                            after?: unknown;
                            /** @enum {boolean} */
                            secret?: true;
                        }[];
                    }[];
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAuditLogExportCsv: {
        parameters: {
            query?: {
                sort?: "newest" | "oldest";
                adminId?: number;
                resource?: "genres" | "artists" | "albums" | "songs" | "playlists" | "banners" | "users" | "settings";
                action?: "create" | "update" | "toggle" | "delete" | "password-reset";
                recordId?: number;
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The audit-log as an attachment named audit-log-<date>.csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAuditLogAdmins: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "username": "admin"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        id: number;
                        username: string;
                    }[];
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postArtistsUploadImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The image: JPEG or PNG; at most 5 MB (5242880 bytes), its type checked by content.
                     */
                    image: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "imageUrl": "/media/images/artists/3f/3f9c0d2e8a4b4c1f9e7d6a5b4c3d2e1f.png"
                     *     }
                     */
                    "application/json": {
                        imageUrl: string;
                    };
                };
            };
            /** @description No file in the `image` field, a malformed form, or an image that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Larger than 5 MB, or more than 40 megapixels. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not a multipart form, or the file is not a JPEG or PNG image. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Storing the image failed ("Failed to upload image"). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAlbumsUploadImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The image: JPEG or PNG; at most 5 MB (5242880 bytes), its type checked by content.
                     */
                    image: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "imageUrl": "/media/images/artists/3f/3f9c0d2e8a4b4c1f9e7d6a5b4c3d2e1f.png"
                     *     }
                     */
                    "application/json": {
                        imageUrl: string;
                    };
                };
            };
            /** @description No file in the `image` field, a malformed form, or an image that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Larger than 5 MB, or more than 40 megapixels. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not a multipart form, or the file is not a JPEG or PNG image. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Storing the image failed ("Failed to upload image"). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postBannersUploadImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The image: JPEG or PNG; at most 5 MB (5242880 bytes), its type checked by content.
                     */
                    image: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "imageUrl": "/media/images/artists/3f/3f9c0d2e8a4b4c1f9e7d6a5b4c3d2e1f.png"
                     *     }
                     */
                    "application/json": {
                        imageUrl: string;
                    };
                };
            };
            /** @description No file in the `image` field, a malformed form, or an image that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Larger than 5 MB, or more than 40 megapixels. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not a multipart form, or the file is not a JPEG or PNG image. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Storing the image failed ("Failed to upload image"). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postExtractMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The audio file: MP3, WAV, FLAC, AAC/M4A or OGG; at most 50 MB (52428800 bytes), its type checked by content (any field name is accepted).
                     */
                    audio: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "title": "منی وطن",
                     *       "lyricist": "Gul Khan Nasir — گل خان نصیر",
                     *       "artist": "نور خان بزنجو",
                     *       "album": "منی وطن",
                     *       "genre": "Zahirok",
                     *       "year": 2025,
                     *       "trackNumber": 1,
                     *       "duration": 245,
                     *       "format": "mp3",
                     *       "fileSize": 5880000,
                     *       "sha256": "9f2b5c1e0d4a7b3c6e8f1a2d4c6b8e0f1a3c5e7092b4d6f8a0c2e4f6b8d0a2c4",
                     *       "cover": null,
                     *       "duplicateOfSongId": null
                     *     }
                     */
                    "application/json": {
                        title: string | null;
                        lyricist: string | null;
                        artist: string | null;
                        album: string | null;
                        genre: string | null;
                        year: number | null;
                        trackNumber: number | null;
                        duration: number | null;
                        /** @enum {string} */
                        format: "mp3" | "wav" | "flac" | "m4a" | "aac" | "ogg";
                        fileSize: number;
                        sha256: string;
                        cover: string | null;
                        duplicateOfSongId: number | null;
                    };
                };
            };
            /** @description No file, a malformed form, or audio that cannot be read (e.g. truncated). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Larger than 50 MB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not a multipart form, or the file is not audio of an accepted format. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postUploadAudio: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The audio file: MP3, WAV, FLAC, AAC/M4A or OGG; at most 50 MB (52428800 bytes), its type checked by content (any field name is accepted).
                     */
                    audio: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "audioUrl": "/media/audio/7e/7e1f2a3b4c5d6e7f8091a2b3c4d5e6f7.mp3",
                     *       "duration": 245,
                     *       "fileSize": 5880000,
                     *       "format": "mp3",
                     *       "sha256": "9f2b5c1e0d4a7b3c6e8f1a2d4c6b8e0f1a3c5e7092b4d6f8a0c2e4f6b8d0a2c4",
                     *       "duplicateOfSongId": null,
                     *       "metadata": {
                     *         "title": "منی وطن",
                     *         "lyricist": "Gul Khan Nasir — گل خان نصیر",
                     *         "artist": "نور خان بزنجو",
                     *         "album": "منی وطن",
                     *         "genre": "Zahirok",
                     *         "year": 2025,
                     *         "trackNumber": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        audioUrl: string;
                        duration: number | null;
                        fileSize: number;
                        /** @enum {string} */
                        format: "mp3" | "wav" | "flac" | "m4a" | "aac" | "ogg";
                        sha256: string;
                        duplicateOfSongId: number | null;
                        metadata: {
                            title: string | null;
                            lyricist: string | null;
                            artist: string | null;
                            album: string | null;
                            genre: string | null;
                            year: number | null;
                            trackNumber: number | null;
                        };
                    };
                };
            };
            /** @description No file, a malformed form, or audio that cannot be read (e.g. truncated). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Larger than 50 MB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not a multipart form, or the file is not audio of an accepted format. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Storing the file failed ("Failed to upload audio file"). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMobileConfig: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "apiVersion": 1,
                     *         "languages": [
                     *           "Balochi",
                     *           "Brahui"
                     *         ],
                     *         "admob": {
                     *           "android": {
                     *             "appId": "ca-app-pub-3940256099942544~3347511713",
                     *             "bannerAdUnitId": "ca-app-pub-3940256099942544/6300978111",
                     *             "interstitialAdUnitId": "ca-app-pub-3940256099942544/1033173712",
                     *             "rewardedAdUnitId": "ca-app-pub-3940256099942544/5224354917",
                     *             "nativeAdUnitId": "ca-app-pub-3940256099942544/2247696110"
                     *           },
                     *           "ios": {
                     *             "appId": "ca-app-pub-3940256099942544~3347511713",
                     *             "bannerAdUnitId": "ca-app-pub-3940256099942544/6300978111",
                     *             "interstitialAdUnitId": "ca-app-pub-3940256099942544/1033173712",
                     *             "rewardedAdUnitId": "ca-app-pub-3940256099942544/5224354917",
                     *             "nativeAdUnitId": "ca-app-pub-3940256099942544/2247696110"
                     *           }
                     *         },
                     *         "social": {
                     *           "facebook": {
                     *             "enabled": true,
                     *             "appId": "1234567890123456"
                     *           },
                     *           "twitter": {
                     *             "enabled": false
                     *           }
                     *         },
                     *         "notifications": {
                     *           "oneSignal": {
                     *             "enabled": true,
                     *             "appId": "5eb5a37e-b458-11e3-ac11-000c2940e62c"
                     *           },
                     *           "firebase": {
                     *             "enabled": false
                     *           }
                     *         },
                     *         "storage": {
                     *           "provider": "s3",
                     *           "endpoint": "https://blr1.digitaloceanspaces.com",
                     *           "bucket": "nazenk-media",
                     *           "region": "blr1",
                     *           "uploadUrl": "/api/upload/mobile",
                     *           "maxFileSize": 5242880,
                     *           "allowedTypes": [
                     *             "image/jpeg",
                     *             "image/png"
                     *           ]
                     *         },
                     *         "features": {
                     *           "downloadsRequirePro": true
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "apiVersion": 1,
                         *       "languages": [
                         *         "Balochi",
                         *         "Brahui"
                         *       ],
                         *       "admob": {
                         *         "android": {
                         *           "appId": "ca-app-pub-3940256099942544~3347511713",
                         *           "bannerAdUnitId": "ca-app-pub-3940256099942544/6300978111",
                         *           "interstitialAdUnitId": "ca-app-pub-3940256099942544/1033173712",
                         *           "rewardedAdUnitId": "ca-app-pub-3940256099942544/5224354917",
                         *           "nativeAdUnitId": "ca-app-pub-3940256099942544/2247696110"
                         *         },
                         *         "ios": {
                         *           "appId": "ca-app-pub-3940256099942544~3347511713",
                         *           "bannerAdUnitId": "ca-app-pub-3940256099942544/6300978111",
                         *           "interstitialAdUnitId": "ca-app-pub-3940256099942544/1033173712",
                         *           "rewardedAdUnitId": "ca-app-pub-3940256099942544/5224354917",
                         *           "nativeAdUnitId": "ca-app-pub-3940256099942544/2247696110"
                         *         }
                         *       },
                         *       "social": {
                         *         "facebook": {
                         *           "enabled": true,
                         *           "appId": "1234567890123456"
                         *         },
                         *         "twitter": {
                         *           "enabled": false
                         *         }
                         *       },
                         *       "notifications": {
                         *         "oneSignal": {
                         *           "enabled": true,
                         *           "appId": "5eb5a37e-b458-11e3-ac11-000c2940e62c"
                         *         },
                         *         "firebase": {
                         *           "enabled": false
                         *         }
                         *       },
                         *       "storage": {
                         *         "provider": "s3",
                         *         "endpoint": "https://blr1.digitaloceanspaces.com",
                         *         "bucket": "nazenk-media",
                         *         "region": "blr1",
                         *         "uploadUrl": "/api/upload/mobile",
                         *         "maxFileSize": 5242880,
                         *         "allowedTypes": [
                         *           "image/jpeg",
                         *           "image/png"
                         *         ]
                         *       },
                         *       "features": {
                         *         "downloadsRequirePro": true
                         *       }
                         *     }
                         */
                        data: {
                            /** @enum {number} */
                            apiVersion: 1;
                            languages: ("Balochi" | "Brahui")[];
                            admob: {
                                /**
                                 * @example {
                                 *       "appId": "ca-app-pub-3940256099942544~3347511713",
                                 *       "bannerAdUnitId": "ca-app-pub-3940256099942544/6300978111",
                                 *       "interstitialAdUnitId": "ca-app-pub-3940256099942544/1033173712",
                                 *       "rewardedAdUnitId": "ca-app-pub-3940256099942544/5224354917",
                                 *       "nativeAdUnitId": "ca-app-pub-3940256099942544/2247696110"
                                 *     }
                                 */
                                android: {
                                    appId: string;
                                    bannerAdUnitId: string;
                                    interstitialAdUnitId: string;
                                    rewardedAdUnitId: string;
                                    nativeAdUnitId: string;
                                };
                                /**
                                 * @example {
                                 *       "appId": "ca-app-pub-3940256099942544~3347511713",
                                 *       "bannerAdUnitId": "ca-app-pub-3940256099942544/6300978111",
                                 *       "interstitialAdUnitId": "ca-app-pub-3940256099942544/1033173712",
                                 *       "rewardedAdUnitId": "ca-app-pub-3940256099942544/5224354917",
                                 *       "nativeAdUnitId": "ca-app-pub-3940256099942544/2247696110"
                                 *     }
                                 */
                                ios: {
                                    appId: string;
                                    bannerAdUnitId: string;
                                    interstitialAdUnitId: string;
                                    rewardedAdUnitId: string;
                                    nativeAdUnitId: string;
                                };
                            };
                            /**
                             * @example {
                             *       "facebook": {
                             *         "enabled": true,
                             *         "appId": "1234567890123456"
                             *       },
                             *       "twitter": {
                             *         "enabled": false
                             *       }
                             *     }
                             */
                            social: {
                                facebook: {
                                    enabled: boolean;
                                    appId: string;
                                };
                                twitter: {
                                    enabled: boolean;
                                };
                            };
                            /**
                             * @example {
                             *       "oneSignal": {
                             *         "enabled": true,
                             *         "appId": "5eb5a37e-b458-11e3-ac11-000c2940e62c"
                             *       },
                             *       "firebase": {
                             *         "enabled": false
                             *       }
                             *     }
                             */
                            notifications: {
                                oneSignal: {
                                    enabled: boolean;
                                    appId: string;
                                };
                                firebase: {
                                    enabled: boolean;
                                };
                            };
                            /**
                             * @example {
                             *       "provider": "s3",
                             *       "endpoint": "https://blr1.digitaloceanspaces.com",
                             *       "bucket": "nazenk-media",
                             *       "region": "blr1",
                             *       "uploadUrl": "/api/upload/mobile",
                             *       "maxFileSize": 5242880,
                             *       "allowedTypes": [
                             *         "image/jpeg",
                             *         "image/png"
                             *       ]
                             *     }
                             */
                            storage: {
                                /** @enum {string} */
                                provider: "local" | "s3";
                                endpoint: string;
                                bucket: string;
                                region: string;
                                /** @enum {string} */
                                uploadUrl: "/api/upload/mobile";
                                maxFileSize: number;
                                allowedTypes: ("image/jpeg" | "image/png")[];
                            };
                            features: {
                                /** @enum {boolean} */
                                downloadsRequirePro: true;
                            };
                        };
                        message?: string;
                    };
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMobileAdmobByPlatform: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path: {
                platform: "android" | "ios";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "appId": "ca-app-pub-3940256099942544~3347511713",
                     *         "bannerAdUnitId": "ca-app-pub-3940256099942544/6300978111",
                     *         "interstitialAdUnitId": "ca-app-pub-3940256099942544/1033173712",
                     *         "rewardedAdUnitId": "ca-app-pub-3940256099942544/5224354917",
                     *         "nativeAdUnitId": "ca-app-pub-3940256099942544/2247696110"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "appId": "ca-app-pub-3940256099942544~3347511713",
                         *       "bannerAdUnitId": "ca-app-pub-3940256099942544/6300978111",
                         *       "interstitialAdUnitId": "ca-app-pub-3940256099942544/1033173712",
                         *       "rewardedAdUnitId": "ca-app-pub-3940256099942544/5224354917",
                         *       "nativeAdUnitId": "ca-app-pub-3940256099942544/2247696110"
                         *     }
                         */
                        data: {
                            appId: string;
                            bannerAdUnitId: string;
                            interstitialAdUnitId: string;
                            rewardedAdUnitId: string;
                            nativeAdUnitId: string;
                        };
                        message?: string;
                    };
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMobileSocial: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "facebook": {
                     *           "enabled": true,
                     *           "appId": "1234567890123456"
                     *         },
                     *         "twitter": {
                     *           "enabled": false
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "facebook": {
                         *         "enabled": true,
                         *         "appId": "1234567890123456"
                         *       },
                         *       "twitter": {
                         *         "enabled": false
                         *       }
                         *     }
                         */
                        data: {
                            facebook: {
                                enabled: boolean;
                                appId: string;
                            };
                            twitter: {
                                enabled: boolean;
                            };
                        };
                        message?: string;
                    };
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMobileNotifications: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "oneSignal": {
                     *           "enabled": true,
                     *           "appId": "5eb5a37e-b458-11e3-ac11-000c2940e62c"
                     *         },
                     *         "firebase": {
                     *           "enabled": false
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "oneSignal": {
                         *         "enabled": true,
                         *         "appId": "5eb5a37e-b458-11e3-ac11-000c2940e62c"
                         *       },
                         *       "firebase": {
                         *         "enabled": false
                         *       }
                         *     }
                         */
                        data: {
                            oneSignal: {
                                enabled: boolean;
                                appId: string;
                            };
                            firebase: {
                                enabled: boolean;
                            };
                        };
                        message?: string;
                    };
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMobileStorageConfig: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "provider": "s3",
                     *         "endpoint": "https://blr1.digitaloceanspaces.com",
                     *         "bucket": "nazenk-media",
                     *         "region": "blr1",
                     *         "uploadUrl": "/api/upload/mobile",
                     *         "maxFileSize": 5242880,
                     *         "allowedTypes": [
                     *           "image/jpeg",
                     *           "image/png"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "provider": "s3",
                         *       "endpoint": "https://blr1.digitaloceanspaces.com",
                         *       "bucket": "nazenk-media",
                         *       "region": "blr1",
                         *       "uploadUrl": "/api/upload/mobile",
                         *       "maxFileSize": 5242880,
                         *       "allowedTypes": [
                         *         "image/jpeg",
                         *         "image/png"
                         *       ]
                         *     }
                         */
                        data: {
                            /** @enum {string} */
                            provider: "local" | "s3";
                            endpoint: string;
                            bucket: string;
                            region: string;
                            /** @enum {string} */
                            uploadUrl: "/api/upload/mobile";
                            maxFileSize: number;
                            allowedTypes: ("image/jpeg" | "image/png")[];
                        };
                        message?: string;
                    };
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBannersActive: {
        parameters: {
            query?: {
                position?: "hero" | "sidebar" | "footer" | "popup";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": 4,
                     *           "title": "نوکیں البم — New album: Kalat Nights",
                     *           "description": "Brahui and Balochi duets, out now",
                     *           "imageUrl": "/media/images/banners/c4/c4d5e6f708192a3b4c5d6e7f8091a2b3.png",
                     *           "targetUrl": "https://nazenk.example/albums/5",
                     *           "position": "hero",
                     *           "startDate": "2026-03-01",
                     *           "endDate": "2026-03-31",
                     *           "priority": 1
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: number;
                            title: string;
                            description: string | null;
                            imageUrl: string | null;
                            targetUrl: string | null;
                            /** @enum {string} */
                            position: "hero" | "sidebar" | "footer" | "popup";
                            startDate: string | null;
                            endDate: string | null;
                            priority: number;
                        }[];
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postBannersByIdImpression: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": 4,
                     *         "count": 15841
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "id": 4,
                         *       "count": 15841
                         *     }
                         */
                        data: {
                            id: number;
                            count: number;
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postBannersByIdClick: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": 4,
                     *         "count": 15841
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "id": 4,
                         *       "count": 15841
                         *     }
                         */
                        data: {
                            id: number;
                            count: number;
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSearch: {
        parameters: {
            query: {
                q: string;
                type?: "all" | "songs" | "artists" | "albums";
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "q": "وطن",
                     *         "type": "all",
                     *         "songs": {
                     *           "items": [
                     *             {
                     *               "id": 101,
                     *               "title": "منی وطن",
                     *               "lyricist": "Gul Khan Nasir — گل خان نصیر",
                     *               "albumId": 5,
                     *               "albumTitle": "منی وطن",
                     *               "artistName": "نور خان بزنجو",
                     *               "coverArt": "/media/images/albums/a1/a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg",
                     *               "genreId": 3,
                     *               "duration": 245,
                     *               "lyrics": "منی وطن، منی جان",
                     *               "language": "Balochi",
                     *               "totalStreams": 18250,
                     *               "likesCount": 940,
                     *               "downloadsCount": 310,
                     *               "createdAt": "2026-02-01T08:20:00.000Z"
                     *             }
                     *           ],
                     *           "total": 1,
                     *           "totalExact": true
                     *         },
                     *         "artists": {
                     *           "items": [
                     *             {
                     *               "id": 12,
                     *               "name": "نور خان بزنجو",
                     *               "country": "Pakistan",
                     *               "bio": "Balochi singer from Turbat — تربت ءِ سازندہ",
                     *               "avatar": null,
                     *               "verified": true,
                     *               "albumCount": 4,
                     *               "songCount": 37,
                     *               "followersCount": 1520,
                     *               "monthlyListeners": 8400,
                     *               "totalStreams": 1250000,
                     *               "createdAt": "2026-01-10T12:00:00.000Z"
                     *             }
                     *           ],
                     *           "total": 1,
                     *           "totalExact": true
                     *         },
                     *         "albums": {
                     *           "items": [],
                     *           "total": 0,
                     *           "totalExact": true
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "q": "وطن",
                         *       "type": "all",
                         *       "songs": {
                         *         "items": [
                         *           {
                         *             "id": 101,
                         *             "title": "منی وطن",
                         *             "lyricist": "Gul Khan Nasir — گل خان نصیر",
                         *             "albumId": 5,
                         *             "albumTitle": "منی وطن",
                         *             "artistName": "نور خان بزنجو",
                         *             "coverArt": "/media/images/albums/a1/a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg",
                         *             "genreId": 3,
                         *             "duration": 245,
                         *             "lyrics": "منی وطن، منی جان",
                         *             "language": "Balochi",
                         *             "totalStreams": 18250,
                         *             "likesCount": 940,
                         *             "downloadsCount": 310,
                         *             "createdAt": "2026-02-01T08:20:00.000Z"
                         *           }
                         *         ],
                         *         "total": 1,
                         *         "totalExact": true
                         *       },
                         *       "artists": {
                         *         "items": [
                         *           {
                         *             "id": 12,
                         *             "name": "نور خان بزنجو",
                         *             "country": "Pakistan",
                         *             "bio": "Balochi singer from Turbat — تربت ءِ سازندہ",
                         *             "avatar": null,
                         *             "verified": true,
                         *             "albumCount": 4,
                         *             "songCount": 37,
                         *             "followersCount": 1520,
                         *             "monthlyListeners": 8400,
                         *             "totalStreams": 1250000,
                         *             "createdAt": "2026-01-10T12:00:00.000Z"
                         *           }
                         *         ],
                         *         "total": 1,
                         *         "totalExact": true
                         *       },
                         *       "albums": {
                         *         "items": [],
                         *         "total": 0,
                         *         "totalExact": true
                         *       }
                         *     }
                         */
                        data: {
                            q: string;
                            /** @enum {string} */
                            type: "all" | "songs" | "artists" | "albums";
                            songs?: {
                                items: {
                                    id: number;
                                    title: string;
                                    lyricist: string | null;
                                    albumId: number;
                                    albumTitle: string;
                                    artistName: string;
                                    coverArt: string | null;
                                    genreId: number | null;
                                    duration: number | null;
                                    lyrics: string | null;
                                    language: ("Balochi" | "Brahui") | null;
                                    totalStreams: number;
                                    likesCount: number;
                                    downloadsCount: number;
                                    createdAt: string;
                                }[];
                                /** @description Matching rows: exact up to 10,000; beyond, a lower bound (totalExact false) */
                                total: number;
                                totalExact: boolean;
                            };
                            artists?: {
                                items: {
                                    id: number;
                                    name: string;
                                    country: string | null;
                                    bio: string | null;
                                    avatar: string | null;
                                    verified: boolean;
                                    albumCount: number;
                                    songCount: number;
                                    followersCount: number;
                                    monthlyListeners: number;
                                    totalStreams: number;
                                    createdAt: string;
                                }[];
                                /** @description Matching rows: exact up to 10,000; beyond, a lower bound (totalExact false) */
                                total: number;
                                totalExact: boolean;
                            };
                            albums?: {
                                items: {
                                    id: number;
                                    title: string;
                                    /** @enum {string} */
                                    albumType: "single" | "collaboration";
                                    primaryArtistId: number | null;
                                    primaryArtistName: string | null;
                                    artistName: string;
                                    collaboratingArtists: string[];
                                    collaboratingArtistIds: number[];
                                    genreId: number | null;
                                    genreName: string | null;
                                    releaseDate: string | null;
                                    description: string | null;
                                    coverArt: string | null;
                                    totalTracks: number;
                                    totalStreams: number;
                                    createdAt: string;
                                }[];
                                /** @description Matching rows: exact up to 10,000; beyond, a lower bound (totalExact false) */
                                total: number;
                                totalExact: boolean;
                            };
                        };
                        message?: string;
                    };
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getFeatured: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Identifies this answer; send it back in If-None-Match to get 304 while it is current. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "playlists": [
                     *           {
                     *             "id": 21,
                     *             "name": "Sohbat — صحبت",
                     *             "description": "شپ ءِ سازءُ زیمل, evening songs",
                     *             "createdBy": "Mahnaz Baloch",
                     *             "songCount": 18,
                     *             "createdAt": "2026-03-02T19:45:00.000Z"
                     *           }
                     *         ],
                     *         "newReleases": [
                     *           {
                     *             "id": 5,
                     *             "title": "منی وطن",
                     *             "albumType": "single",
                     *             "primaryArtistId": 12,
                     *             "primaryArtistName": "نور خان بزنجو",
                     *             "artistName": "نور خان بزنجو",
                     *             "collaboratingArtists": [],
                     *             "collaboratingArtistIds": [],
                     *             "genreId": 3,
                     *             "genreName": "Zahirok — زہیروک",
                     *             "releaseDate": "2025-03-21",
                     *             "description": "Songs of Makran — مکران ءِ شئر",
                     *             "coverArt": "/media/images/albums/a1/a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg",
                     *             "totalTracks": 8,
                     *             "totalStreams": 240000,
                     *             "createdAt": "2026-02-01T08:15:00.000Z"
                     *           }
                     *         ],
                     *         "topSongs": [
                     *           {
                     *             "id": 101,
                     *             "title": "منی وطن",
                     *             "lyricist": "Gul Khan Nasir — گل خان نصیر",
                     *             "albumId": 5,
                     *             "albumTitle": "منی وطن",
                     *             "artistName": "نور خان بزنجو",
                     *             "coverArt": "/media/images/albums/a1/a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg",
                     *             "genreId": 3,
                     *             "duration": 245,
                     *             "lyrics": "منی وطن، منی جان",
                     *             "language": "Balochi",
                     *             "totalStreams": 18250,
                     *             "likesCount": 940,
                     *             "downloadsCount": 310,
                     *             "createdAt": "2026-02-01T08:20:00.000Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            playlists: {
                                id: number;
                                name: string;
                                description: string | null;
                                createdBy: string | null;
                                songCount: number;
                                createdAt: string;
                            }[];
                            newReleases: {
                                id: number;
                                title: string;
                                /** @enum {string} */
                                albumType: "single" | "collaboration";
                                primaryArtistId: number | null;
                                primaryArtistName: string | null;
                                artistName: string;
                                collaboratingArtists: string[];
                                collaboratingArtistIds: number[];
                                genreId: number | null;
                                genreName: string | null;
                                releaseDate: string | null;
                                description: string | null;
                                coverArt: string | null;
                                totalTracks: number;
                                totalStreams: number;
                                createdAt: string;
                            }[];
                            topSongs: {
                                id: number;
                                title: string;
                                lyricist: string | null;
                                albumId: number;
                                albumTitle: string;
                                artistName: string;
                                coverArt: string | null;
                                genreId: number | null;
                                duration: number | null;
                                lyrics: string | null;
                                language: ("Balochi" | "Brahui") | null;
                                totalStreams: number;
                                likesCount: number;
                                downloadsCount: number;
                                createdAt: string;
                            }[];
                        };
                        message?: string;
                    };
                };
            };
            /** @description Not modified: the ETag in If-None-Match is still current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSongsByIdAudio: {
        parameters: {
            query: {
                expires: number;
                signature: string;
                download?: "1";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole audio file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "audio/*": string;
                };
            };
            /** @description The requested range (`Content-Range` says which) */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "audio/*": string;
                };
            };
            /** @description The file lives in a bucket: `Location` is its URL */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The URL was altered: another song, purpose or expiry (code INVALID_SIGNATURE). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such song, or it is no longer published. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The URL has expired (code LINK_EXPIRED): ask for a new one. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The range is beyond the end of the file; `details.size` is its length. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSongsByIdAudioHead: {
        parameters: {
            query: {
                expires: number;
                signature: string;
                download?: "1";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole audio file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "audio/*": string;
                };
            };
            /** @description The requested range (`Content-Range` says which) */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "audio/*": string;
                };
            };
            /** @description The file lives in a bucket: `Location` is its URL */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The URL was altered: another song, purpose or expiry (code INVALID_SIGNATURE). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such song, or it is no longer published. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The URL has expired (code LINK_EXPIRED): ask for a new one. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The range is beyond the end of the file; `details.size` is its length. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postSongsByIdStream: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "deviceType": "phone",
                 *       "platform": "android",
                 *       "location": "Turbat — تربت"
                 *     }
                 */
                "application/json": {
                    deviceType?: string | null;
                    platform?: ("android" | "ios" | "web") | null;
                    location?: string | null;
                } | null;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "streamUrl": "/api/songs/101/audio?expires=1772708400&signature=Qm9sYW4tc2lnbmF0dXJl",
                     *         "expiresAt": "2026-03-05T11:00:00.000Z",
                     *         "counted": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "streamUrl": "/api/songs/101/audio?expires=1772708400&signature=Qm9sYW4tc2lnbmF0dXJl",
                         *       "expiresAt": "2026-03-05T11:00:00.000Z",
                         *       "counted": true
                         *     }
                         */
                        data: {
                            streamUrl: string;
                            expiresAt: string;
                            counted: boolean;
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postSongsByIdLike: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "songId": 101,
                     *         "liked": true,
                     *         "likesCount": 941
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "songId": 101,
                         *       "liked": true,
                         *       "likesCount": 941
                         *     }
                         */
                        data: {
                            songId: number;
                            liked: boolean;
                            likesCount: number;
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteSongsByIdLike: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "songId": 101,
                     *         "liked": true,
                     *         "likesCount": 941
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "songId": 101,
                         *       "liked": true,
                         *       "likesCount": 941
                         *     }
                         */
                        data: {
                            songId: number;
                            liked: boolean;
                            likesCount: number;
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postArtistsByIdFollow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "artistId": 12,
                     *         "following": true,
                     *         "followersCount": 1521
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "artistId": 12,
                         *       "following": true,
                         *       "followersCount": 1521
                         *     }
                         */
                        data: {
                            artistId: number;
                            following: boolean;
                            followersCount: number;
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteArtistsByIdFollow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "artistId": 12,
                     *         "following": true,
                     *         "followersCount": 1521
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "artistId": 12,
                         *       "following": true,
                         *       "followersCount": 1521
                         *     }
                         */
                        data: {
                            artistId: number;
                            following: boolean;
                            followersCount: number;
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Song not found",
                     *       "code": "NOT_FOUND",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postUploadMobile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description Your profile image: JPEG or PNG; at most 5 MB (5242880 bytes), its type checked by content.
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "profileImage": "/media/images/users/5d/5d6e7f8091a2b3c4d5e6f708192a3b4c.jpg"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @example {
                         *       "profileImage": "/media/images/users/5d/5d6e7f8091a2b3c4d5e6f708192a3b4c.jpg"
                         *     }
                         */
                        data: {
                            profileImage: string;
                        };
                        message?: string;
                    };
                };
            };
            /** @description Invalid input: `details` lists each invalid field with its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "name: Required",
                     *       "code": "VALIDATION_ERROR",
                     *       "details": [
                     *         {
                     *           "field": "name",
                     *           "message": "Required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not signed in, or the session or token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Authentication required",
                     *       "code": "UNAUTHENTICATED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Refused: a cross-site browser request, or a caller that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Cross-origin request refused",
                     *       "code": "FORBIDDEN_ORIGIN",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is larger than allowed (2 MB for JSON). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Request body too large",
                     *       "code": "PAYLOAD_TOO_LARGE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The content type of the body, or the type of an uploaded file, is not accepted. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Unsupported content type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the number of seconds in `Retry-After`. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many attempts, try again later",
                     *       "code": "RATE_LIMITED",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The server failed; the body never carries a stack trace. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error",
                     *       "code": "INTERNAL_ERROR",
                     *       "details": null
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
