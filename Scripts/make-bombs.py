#!/usr/bin/env python3
"""Writes the compression bombs the hostile-origin tests serve, into
Tests/MockServerKitTests/Resources/Bombs: one body per HTTP content coding that libcurl can
decode, each inflating to zeros far past every cap (gzip and deflate: 128 MiB; br and zstd,
which compress zeros far better: 1 GiB). The files are committed; run this only to remake them.

    pip install brotli zstandard && Scripts/make-bombs.py
"""
import os
import zlib

import brotli
import zstandard

folder = os.path.join(os.path.dirname(__file__), "..", "Tests", "MockServerKitTests", "Resources", "Bombs")
os.makedirs(folder, exist_ok=True)
mebibyte = b"\0" * (1 << 20)


def zlib_bomb(window_bits, mebibytes):
    compressor = zlib.compressobj(9, zlib.DEFLATED, window_bits)
    parts = [compressor.compress(mebibyte) for _ in range(mebibytes)]
    return b"".join(parts) + compressor.flush()


bodies = {
    "bomb.gzip": zlib_bomb(31, 128),  # windowBits 16 + 15: the gzip wrapper
    "bomb.deflate": zlib_bomb(15, 128),  # HTTP's "deflate" is the zlib format (RFC 9110 8.4.1.2)
    "bomb.br": brotli.compress(mebibyte * 1024, quality=11, lgwin=24),
    "bomb.zstd": zstandard.ZstdCompressor(level=19).compress(mebibyte * 1024),
}
for name, body in bodies.items():
    with open(os.path.join(folder, name), "wb") as file:
        file.write(body)
    print(f"{name}: {len(body)} bytes")
