import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';

// One chunk per screen: the login page never loads the signed-in screens.
const AppLayout = lazy(() => import('./layout/app-layout'));
const Dashboard = lazy(() => import('./screens/dashboard'));
const Artists = lazy(() => import('./screens/artists'));
const ArtistDetail = lazy(() => import('./screens/artists/detail'));
const Albums = lazy(() => import('./screens/albums'));
const Songs = lazy(() => import('./screens/songs'));
const Categories = lazy(() => import('./screens/categories'));
const Playlists = lazy(() => import('./screens/playlists'));
const Banners = lazy(() => import('./screens/banners'));
const Users = lazy(() => import('./screens/users'));
const Upload = lazy(() => import('./screens/upload'));
const Settings = lazy(() => import('./screens/settings'));
const ApiDocs = lazy(() => import('./screens/api-docs'));
const AuditLog = lazy(() => import('./screens/audit-log'));
const NotFound = lazy(() => import('./screens/not-found'));

/** The routes of a signed-in admin (spec section 2). */
export function AuthenticatedRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<Navigate to="/" replace />} />
      <Route element={<AppLayout />}>
        <Route index element={<Dashboard />} />
        <Route path="dashboard" element={<Dashboard />} />
        <Route path="artists" element={<Artists />} />
        <Route path="artists/:id" element={<ArtistDetail />} />
        <Route path="albums" element={<Albums />} />
        <Route path="songs" element={<Songs />} />
        <Route path="categories" element={<Categories />} />
        <Route path="playlists" element={<Playlists />} />
        <Route path="banners" element={<Banners />} />
        <Route path="users" element={<Users />} />
        <Route path="upload" element={<Upload />} />
        <Route path="settings" element={<Settings />} />
        <Route path="api-docs" element={<ApiDocs />} />
        <Route path="audit-log" element={<AuditLog />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
