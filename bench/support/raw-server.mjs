// The bench's ceiling (bench/http.ts): a bare node:http server answering one saved page, bytes and
// headers as the app sent them, to every request. Nothing this machine serves over HTTP is faster.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';

const [dir, port] = process.argv.slice(2);
const body = readFileSync(join(dir, 'page.html'));
const skip = new Set(['content-length', 'connection', 'keep-alive', 'date', 'transfer-encoding']);
const headers = Object.entries(JSON.parse(readFileSync(join(dir, 'headers.json'), 'utf8'))).filter(([k]) => !skip.has(k));
headers.push(['content-length', String(body.length)]);
http
  .createServer((_req, res) => {
    for (const [k, v] of headers) res.setHeader(k, v);
    res.end(body);
  })
  .listen(Number(port), '127.0.0.1');
