// The reference for `npm run bench`: the songs list's first page (50 songs joined with their album and
// its primary artist, newest first) written by hand with Fastify and the driver, nothing else. Every
// product figure is printed as a ratio to this endpoint, measured in the same run.
// Env: DATABASE_URL (sqlite:<path> or postgres://...), PORT.
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

const SQL = `select s.id, s.title, s.album_id, s.genre_id, s.duration, s.language, s.status, s.total_streams,
  s.likes_count, s.created_at, al.title as album_title, al.cover_art, pa.name as artist_name
  from songs s join albums al on al.id = s.album_id left join artists pa on pa.id = al.primary_artist_id
  order by s.created_at desc, s.id desc limit 50`;

const url = process.env.DATABASE_URL ?? '';
let page;
if (url.startsWith('sqlite:')) {
  const db = new Database(url.slice('sqlite:'.length), { readonly: true });
  const statement = db.prepare(SQL);
  page = async () => statement.all();
} else {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  page = async () => (await pool.query({ name: 'page', text: SQL })).rows;
}

const app = Fastify({ logger: false });
app.get('/songs', async () => page());
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
