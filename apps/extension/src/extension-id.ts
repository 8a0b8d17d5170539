/**
 * The extension's id, fixed by the public key in the manifest (MANIFEST_KEY): Chromium derives an
 * unpacked extension's id from that key, so every install of this build has the same id. The web
 * app's tests and the server's EXTENSION_IDS name it.
 */
export const EXTENSION_ID = 'mejjiblidminnjiichfmbhohkijikicg';

/**
 * The public half of an RSA key made once for this extension (the private half was not kept: loading
 * unpacked needs the public key only, and the Chrome Web Store signs with its own).
 */
export const MANIFEST_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA37B3fNH1NLZ9SIDoZlDaKC/ScJkX2TdFC+cozdVbgs1QcFDbwxgBlzCUYDt4N7FHKfAk6UXpdY0/Aif9Gnmbmhxc4QSrRrqQbVbbpfxmEoUkpWwEdNsb9y7x2GXI4mmiTdT037ueXSZUORNwRa+4GzYVToUhMyBdk6bRLki2Bw66vKzCTJAKu+8urKxbcZOLdd9eWTaEKkU7kWWrxP1/TWsDXrJkwhVlC4GVlySGMEtrWXTiLHTda/5uCnvuRlH/A4seUuYozYLF88bzqYloD97AnWDQT/CZEFCAv/Oz4oZAe2lNRPvZT95QzkNfJHuAz/aAPcGSBs8XB6wB1ZbZXwIDAQAB';
