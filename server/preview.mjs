// The preview server behind `npm start` until the backend issue lands: it serves the
// marketing site, the example pages and the built widgets, and answers POST /api/feedback by printing it.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** Folders a browser may read: the example pages and the build output. */
const PUBLIC = ['examples', 'dist'];
const SITE = join(ROOT, 'dist', 'site');
/** SPEC section 2: the site's routes; any other path gets the not-found page with a 404. */
export const SITE_ROUTES = ['/', '/name', '/experience', '/terms', '/privacy'];

/**
 * Serves files under `examples/` and `dist/` (directories get their index.html).
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @returns {Promise<boolean>} whether a file was sent
 */
export async function serveStatic(req, res) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = decodeURIComponent(url.pathname);
  const inPublic = PUBLIC.some((dir) => path === `/${dir}` || path.startsWith(`/${dir}/`));
  const file = normalize(join(inPublic ? ROOT : SITE, path));
  if (!file.startsWith(inPublic ? ROOT + sep : SITE + sep)) return false;
  let target = file;
  try {
    if ((await stat(target)).isDirectory()) target = join(target, 'index.html');
    await stat(target);
  } catch {
    return false;
  }
  const hashed = /[.-][A-Za-z0-9_-]{8}\.(js|css)$/.test(target);
  res.writeHead(200, {
    'Content-Type': TYPES[extname(target)] ?? 'application/octet-stream',
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    'Access-Control-Allow-Origin': '*',
  });
  createReadStream(target).pipe(res);
  return true;
}

/** @param {import('node:http').IncomingMessage} req */
async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
async function handle(req, res) {
  if (req.method === 'POST' && req.url === '/api/feedback') {
    const body = await readBody(req);
    let parsed;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = null;
    }
    const ok = parsed && ['name', 'email', 'message'].every((k) => typeof parsed[k] === 'string' && parsed[k].trim());
    console.log(ok ? `feedback received: ${body}` : `feedback refused: ${body}`);
    res.writeHead(ok ? 201 : 400, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(ok ? 'Thanks for the feedback.' : 'name, email and message are required.');
    return;
  }
  if ((req.method === 'GET' || req.method === 'HEAD') && (await serveStatic(req, res))) return;
  const path = new URL(req.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '') || '/';
  const wantsPage = req.method === 'GET' && !/\.[a-z0-9]+$/i.test(path) && !path.startsWith('/api/');
  if (wantsPage) {
    // The client router renders every route, including the not-found page.
    res.writeHead(SITE_ROUTES.includes(path) ? 200 : 404, { 'Content-Type': TYPES['.html'], 'Cache-Control': 'no-cache' });
    createReadStream(join(SITE, 'index.html')).pipe(res);
    return;
  }
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end('Not found');
}

/**
 * @param {number} port
 * @param {string} [host]
 * @returns {Promise<import('node:http').Server>}
 */
export function startPreview(port, host = '127.0.0.1') {
  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  return new Promise((resolveStart) => server.listen(port, host, () => resolveStart(server)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 4173);
  const host = process.env.HOST ?? '127.0.0.1';
  await startPreview(port, host);
  console.log(`Site:            http://${host}:${port}/`);
  console.log(`Widget examples: http://${host}:${port}/examples/`);
}
