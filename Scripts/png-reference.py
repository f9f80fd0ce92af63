#!/usr/bin/env python3
"""An independent PNG reference for TerminalGraphicsTests: Python's zlib and a few lines of
filter code, sharing nothing with the Swift decoder.

It writes Tests/TerminalGraphicsTests/Resources/: PNGs in every colour type and interlacing the
fixtures lack (made from fixture 0007's pixels, each row with a different filter), a few broken
ones, and pixels.txt: for every fixture picture and every made one, its size and the FNV-1a 64
hash of its RGBA pixels as this decoder reads them. Run it from the repository root."""
import glob, os, struct, sys, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "MockServer/MockServerKit/Fixtures/pictures")
OUT = os.path.join(ROOT, "Tests/TerminalGraphicsTests/Resources")
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def passes(w, h, interlaced):
    if not interlaced:
        return [(0, 0, 1, 1, w, h)]
    out = []
    for x0, y0, dx, dy in ADAM7:
        pw, ph = (w - x0 + dx - 1) // dx, (h - y0 + dy - 1) // dy
        if pw > 0 and ph > 0:
            out.append((x0, y0, dx, dy, pw, ph))
    return out


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def decode(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, plte, trns = 8, b"", b"", b""
    while True:
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        assert zlib.crc32(kind + body) == struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])[0]
        pos += 12 + length
        if kind == b"IHDR":
            w, h, depth, ct, _, _, il = struct.unpack(">IIBBBBB", body)
            assert depth == 8
        elif kind == b"PLTE":
            plte = body
        elif kind == b"tRNS":
            trns = body
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw, n, off = zlib.decompress(idat), CHANNELS[ct], 0
    out = bytearray(w * h * 4)
    for x0, y0, dx, dy, pw, ph in passes(w, h, il):
        stride, prev = pw * n, bytearray(pw * n)
        for r in range(ph):
            f, line = raw[off], bytearray(raw[off + 1:off + 1 + stride])
            off += 1 + stride
            for i in range(stride):
                a = line[i - n] if i >= n else 0
                b, c = prev[i], (prev[i - n] if i >= n else 0)
                line[i] = (line[i] + [0, a, b, (a + b) // 2, paeth(a, b, c)][f]) & 255
            prev = line
            for col in range(pw):
                s = line[col * n:col * n + n]
                if ct == 0: px = (s[0], s[0], s[0], 255)
                elif ct == 4: px = (s[0], s[0], s[0], s[1])
                elif ct == 2: px = (s[0], s[1], s[2], 255)
                elif ct == 6: px = tuple(s)
                else:
                    e = s[0]
                    px = (plte[3 * e], plte[3 * e + 1], plte[3 * e + 2], trns[e] if e < len(trns) else 255)
                t = ((y0 + r * dy) * w + x0 + col * dx) * 4
                out[t:t + 4] = bytes(px)
    return w, h, bytes(out)


def fnv(data):
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def encode(w, h, ct, pixel, interlaced=False, plte=b"", trns=b"", depth=8):
    """pixel(x, y) gives the samples of one pixel; row r of a pass uses filter r % 5."""
    n, raw = CHANNELS[ct], bytearray()
    for x0, y0, dx, dy, pw, ph in passes(w, h, interlaced):
        prev = bytes(pw * n)
        for r in range(ph):
            line = bytes(v for col in range(pw) for v in pixel(x0 + col * dx, y0 + r * dy))
            f, filtered = r % 5, bytearray()
            for i in range(len(line)):
                a = line[i - n] if i >= n else 0
                b, c = prev[i], (prev[i - n] if i >= n else 0)
                filtered.append((line[i] - [0, a, b, (a + b) // 2, paeth(a, b, c)][f]) & 255)
            raw += bytes([f]) + filtered
            prev = line
    head = struct.pack(">IIBBBBB", w, h, depth, ct, 0, 0, 1 if interlaced else 0)
    body = chunk(b"IHDR", head) + (chunk(b"PLTE", plte) if plte else b"") + (chunk(b"tRNS", trns) if trns else b"")
    return b"\x89PNG\r\n\x1a\n" + body + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")


def main():
    w0, h0, base = decode(open(os.path.join(FIXTURES, "0007.png"), "rb").read())
    rgba = lambda x, y: base[(y * w0 + x) * 4:(y * w0 + x) * 4 + 4]
    gray = lambda x, y: (sum(rgba(x, y)[:3]) // 3,)
    alpha = lambda x, y: (x * 2 + y) & 255
    palette = bytes(v for i in range(256) for v in ((i >> 5) * 255 // 7, ((i >> 2) & 7) * 255 // 7, (i & 3) * 85))
    trns = bytes(range(0, 256, 16))
    index = lambda x, y: ((rgba(x, y)[0] >> 5) << 5 | (rgba(x, y)[1] >> 5) << 2 | rgba(x, y)[2] >> 6,)
    made = {
        "gray.png": encode(w0, h0, 0, gray),
        "gray-alpha.png": encode(w0, h0, 4, lambda x, y: gray(x, y) + (alpha(x, y),)),
        "rgba.png": encode(w0, h0, 6, lambda x, y: tuple(rgba(x, y)[:3]) + (alpha(x, y),)),
        "palette.png": encode(w0, h0, 3, index, plte=palette, trns=trns),
        "rgb-interlaced.png": encode(w0, h0, 2, lambda x, y: rgba(x, y)[:3], interlaced=True),
        "palette-interlaced.png": encode(w0, h0, 3, index, interlaced=True, plte=palette, trns=trns),
        "rgba-interlaced-odd.png": encode(37, 23, 6, lambda x, y: tuple(rgba(x, y)[:3]) + (alpha(x, y),), interlaced=True),
        "gray-interlaced-tiny.png": encode(3, 2, 0, gray, interlaced=True),
    }
    # Broken on purpose: a header claiming 100000 × 100000, 16-bit samples, and a 1×1 picture
    # whose image data inflates to 4 MiB (a decompression bomb).
    huge = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 2, 0, 0, 0))
    huge += chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")
    deep = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 16, 2, 0, 0, 0))
    deep += chunk(b"IDAT", zlib.compress(b"\0" * 7)) + chunk(b"IEND", b"")
    bomb = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
    bomb += chunk(b"IDAT", zlib.compress(b"\0" * (4 << 20), 9)) + chunk(b"IEND", b"")
    # A row filter that does not exist (9), and a palette index past a two-entry palette.
    filter9 = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 1, 8, 0, 0, 0, 0))
    filter9 += chunk(b"IDAT", zlib.compress(b"\x09\x10\x20")) + chunk(b"IEND", b"")
    index = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 1, 8, 3, 0, 0, 0))
    index += chunk(b"PLTE", b"\0\0\0\xff\xff\xff") + chunk(b"IDAT", zlib.compress(b"\x00\x01\xc8"))
    index += chunk(b"IEND", b"")
    broken = {
        "broken-huge.png": huge, "broken-16-bit.png": deep, "broken-bomb.png": bomb,
        "broken-filter.png": filter9, "broken-palette-index.png": index,
    }
    lines = []
    for path in sorted(glob.glob(os.path.join(FIXTURES, "*.png"))):
        w, h, px = decode(open(path, "rb").read())
        lines.append("fixture/%s %d %d %s" % (os.path.basename(path), w, h, fnv(px)))
    for name, data in sorted(made.items()):
        open(os.path.join(OUT, name), "wb").write(data)
        w, h, px = decode(data)
        lines.append("%s %d %d %s" % (name, w, h, fnv(px)))
    for name, data in broken.items():
        open(os.path.join(OUT, name), "wb").write(data)
    open(os.path.join(OUT, "pixels.txt"), "w").write("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
