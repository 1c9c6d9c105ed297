"""A small PNG reader for the browser tests: 8-bit greyscale, RGB and RGBA, non-interlaced,
which is what flipbook and Chromium write. Returns (width, height, rows of RGBA bytes)."""
import struct
import zlib


def read_png(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or interlace != 0 or colour not in (0, 2, 6):
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
    channels = {0: 1, 2: 3, 6: 4}[colour]
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            upper_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 255
            elif kind == 4:
                p = left + up - upper_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upper_left)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else upper_left)
                line[i] = (line[i] + predictor) & 255
        previous = line
        if channels == 4:
            rows.append(bytes(line))
        elif channels == 3:
            out = bytearray(width * 4)
            out[0::4], out[1::4], out[2::4], out[3::4] = line[0::3], line[1::3], line[2::3], b"\xff" * width
            rows.append(bytes(out))
        else:
            out = bytearray(width * 4)
            out[0::4] = out[1::4] = out[2::4] = line
            out[3::4] = b"\xff" * width
            rows.append(bytes(out))
    return width, height, rows


def over_background(rows, background):
    """Straight-alpha RGBA rows composited over an opaque RGB colour, as a browser shows them
    (rounded to the nearest byte)."""
    out = []
    for row in rows:
        line = bytearray(row)
        for i in range(0, len(line), 4):
            a = line[i + 3]
            if a != 255:
                for c in range(3):
                    line[i + c] = (line[i + c] * a + background[c] * (255 - a) + 127) // 255
                line[i + 3] = 255
        out.append(bytes(line))
    return out
