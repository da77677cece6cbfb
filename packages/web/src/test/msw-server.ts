import { setupServer } from 'msw/node';

/** The HTTP layer of every test; each test adds the handlers it needs with `server.use`. */
export const server = setupServer();
