// Deep imports of undici (see api/transport-undici.ts for why); typed from undici's own declarations.
declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  import { EnvHttpProxyAgent } from 'undici';
  export default EnvHttpProxyAgent;
}
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}
declare module 'undici/lib/dispatcher/pool.js' {
  import { Pool } from 'undici';
  export default Pool;
}
declare module 'undici/lib/api/index.js' {
  import type { Dispatcher } from 'undici';
  const api: { request: Dispatcher['request'] };
  export default api;
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  import { Dispatcher } from 'undici';
  export default Dispatcher;
}
declare module 'undici/lib/core/util.js' {
  const util: { parseHeaders(raw: Buffer[]): Record<string, string | string[] | undefined> };
  export default util;
}
declare module 'undici/lib/core/connect.js' {
  import { buildConnector } from 'undici';
  export default buildConnector;
}
