// The app's door to the process's configuration: db/env.server.ts reads and checks the environment, the
// one module that reads process.env (in db/, the bottom layer, so that the database client reads it there too).
export * from '../../db/env.server.js';
