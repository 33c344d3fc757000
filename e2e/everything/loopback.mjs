// Preloaded into the everything server the e2e suite starts (`node --import`): it listens on every interface by
// default, so a listen without a host binds to 127.0.0.1 here. The test server is never reachable from the network.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' && typeof args[1] !== 'string') args.splice(1, 0, '127.0.0.1');
  else if (typeof args[0] === 'string' && /^\d+$/.test(args[0]) && typeof args[1] !== 'string')
    args.splice(0, 1, Number(args[0]), '127.0.0.1');
  return listen.apply(this, args);
};
