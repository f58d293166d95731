// webcrypto.mjs: the Web Crypto API as a global, where Node.js has no
// globalThis.crypto (18, Debian 12's): xid-ts and scru128 draw their random
// bytes from crypto.getRandomValues. Imported first, before them.
import { webcrypto } from "node:crypto";

if (globalThis.crypto === undefined) globalThis.crypto = webcrypto;
