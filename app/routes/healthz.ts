// GET /healthz: liveness. Answers from memory, touching neither the database nor the theme, so a
// load balancer can tell a live process from a dead one cheaply.
export const loader = () => new Response('ok', { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
