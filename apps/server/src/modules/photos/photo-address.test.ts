import { describe, expect, it } from 'vitest';
import {
  checkPhotoAddress,
  DEFAULT_PHOTO_HOSTS,
  isListedHost,
  isPublicAddress,
  PhotoRefusal,
  sniffImageType,
} from './photo-address';
import { signS3Request } from './photo-store';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    '2001:db8::1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '157.240.1.35',
    '31.13.64.1',
    '8.8.8.8',
    '172.32.0.1',
    '2a03:2880:f10c:83:face:b00c:0:25de',
    '::ffff:157.240.1.35',
  ])('allows the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('checkPhotoAddress', () => {
  const hosts = DEFAULT_PHOTO_HOSTS;

  it('accepts https addresses on the platforms’ image hosts and their subdomains', () => {
    for (const address of [
      'https://scontent-cdg4-1.cdninstagram.com/v/t51.2885-19/1.jpg?stp=dst-jpg',
      'https://scontent.xx.fbcdn.net/v/1.jpg',
      'https://media.licdn.com/dms/image/1.jpg',
      'https://i.pinimg.com/280x280_RS/1.jpg',
      'https://p16-sign-va.tiktokcdn.com/1.jpeg',
      'https://p19-sign.tiktokcdn-us.com/1.jpeg',
      'https://yt3.ggpht.com/1=s176',
      'https://i.ytimg.com/vi/1/default.jpg',
      'https://lh3.googleusercontent.com/a/1',
      'https://assets.skool.com/f/1/2.jpg',
    ]) {
      expect(checkPhotoAddress(address, { hosts }).href).toBe(address);
    }
  });

  it.each([
    ['http://scontent.cdninstagram.com/1.jpg', 'The photo address must use https, not http.'],
    ['ftp://scontent.cdninstagram.com/1.jpg', 'The photo address must use https, not ftp.'],
    ['file:///etc/passwd', 'The photo address must use https, not file.'],
    ['not a url', 'The photo address is not a web address.'],
    [
      'https://user:pass@scontent.cdninstagram.com/1.jpg',
      'The photo address must not carry a user name or password.',
    ],
    [
      'https://evil.example.com/1.jpg',
      /^The photo's host evil\.example\.com is not one of the platforms' image hosts/,
    ],
    ['https://cdninstagram.com.evil.example/1.jpg', /is not one of the platforms' image hosts/],
    ['https://notfbcdn.net/1.jpg', /is not one of the platforms' image hosts/],
    ['https://www.skool.com/1.jpg', /is not one of the platforms' image hosts/],
    ['https://127.0.0.1/1.jpg', /is not one of the platforms' image hosts/],
    ['https://[::1]/1.jpg', /is not one of the platforms' image hosts/],
  ])('refuses %s', (address, message) => {
    expect(() => checkPhotoAddress(address, { hosts })).toThrow(PhotoRefusal);
    expect(() => checkPhotoAddress(address, { hosts })).toThrow(message);
  });

  it('takes http only when a test asks for it', () => {
    expect(checkPhotoAddress('http://a.fbcdn.net/1.jpg', { hosts, allowHttp: true }).protocol).toBe('http:');
  });

  it('matches whole host names, without case or a final dot', () => {
    expect(isListedHost('SCONTENT.FBCDN.NET.', ['fbcdn.net'])).toBe(true);
    expect(isListedHost('fbcdn.net', ['fbcdn.net'])).toBe(true);
    expect(isListedHost('xfbcdn.net', ['fbcdn.net'])).toBe(false);
  });
});

describe('sniffImageType', () => {
  const bytes = (...values: number[]) => Uint8Array.from([...values, 0, 0, 0, 0, 0, 0, 0, 0]);
  const text = (value: string) => new TextEncoder().encode(value);

  it('knows JPEG, PNG, GIF and WebP by their first bytes', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffImageType(text('GIF89a......'))).toBe('image/gif');
    expect(sniffImageType(text('GIF87a......'))).toBe('image/gif');
    expect(sniffImageType(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
  });

  it('knows nothing else', () => {
    expect(sniffImageType(text('<html><body>hello</body></html>'))).toBeNull();
    expect(sniffImageType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(text('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('signS3Request', () => {
  it('gives the signature of AWS’s own SigV4 example (GET Object, "Signature Calculations for the Authorization Header")', () => {
    const emptyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const authorization = signS3Request({
      method: 'GET',
      pathname: '/test.txt',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': emptyHash,
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: emptyHash,
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});
