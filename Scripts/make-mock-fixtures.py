#!/usr/bin/env python3
"""Generates the mock server's fixtures: heroes.json, teams.json and a PNG avatar per hero.

Everything here is invented. Secret identities are sealed with the published *demo* clearance key
(AES-256-GCM, 12-byte random nonce, 16-byte tag, no associated data; wire form is standard base64
of nonce || ciphertext || tag), exactly as docs/API.md says a client seals them.

    python3 Scripts/make-mock-fixtures.py            # writes MockServer/MockServerKit/Fixtures

Re-running it keeps the committed ciphertexts and redraws the pictures, so adding a field needs
nothing but Python. Only a new or changed real name is sealed anew, which needs
`pip install cryptography`.
"""
import base64
import json
import os
import struct
import sys
import zlib

try:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
except ImportError:
    AESGCM = None  # enough while every real name is one already sealed

DEMO_KEY = b"heroes-demo-clearance-key-2026!!"  # demo only: published in MockServer/README.md
assert len(DEMO_KEY) == 32

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "MockServer", "MockServerKit", "Fixtures")
CLEAR_NAMES = os.path.join(ROOT, "..", "..", "..", "Tests", "MockServerKitTests", "Resources", "real-names.json")

TEAMS = [
    ("dawn-guard", "Dawn Guard"),
    ("tide-keepers", "Tide Keepers"),
    ("iron-lantern", "Iron Lantern Society"),
    ("quiet-circle", "The Quiet Circle"),
    ("paper-moths", "Paper Moths"),
    ("north-wind", "North Wind Brigade"),
]

# (code name, real name, team id or None, powers, has picture)
HEROES = [
    ("Copper Kestrel", "Ines Varga", "dawn-guard", ["Flight", "Metal sense"], True),
    ("Tidewarden", "Jonah Pell", "tide-keepers", ["Water shaping", "Deep breathing", "Current reading"], True),
    ("Ember Lark", "Sofia Reyes", "dawn-guard", ["Heat bursts"], True),
    ("Glass Heron", "Aiko Tanabe", "quiet-circle", ["Invisibility", "Light bending"], True),
    ("Basalt", "Marcus Okafor", "iron-lantern", ["Stone skin", "Tremor step", "Endurance"], True),
    ("Lumen Drift", "Clara Holm", "paper-moths", ["Glow", "Levitation"], True),
    ("quillfeather", "Tomas Brandt", "paper-moths", ["Origami constructs", "Paper flight"], True),
    ("Señora Brisa", "Lucía Fernández", "north-wind", ["Wind calling", "Weather sense"], True),
    ("Static Vole", "Eli Marsh", "iron-lantern", ["Electric touch", "Tunnelling"], True),
    ("Marrow Bell", "Hedda Lind", "quiet-circle", ["Sound shielding", "Echo sight", "Calm aura"], True),
    ("Saltmarsh", "Owen Tully", "tide-keepers", ["Brine control"], True),
    ("Vesper Loom", "Nadia Petrov", "quiet-circle", ["Shadow weaving", "Night vision"], True),
    ("Brass Comet", "Rafael Duarte", "dawn-guard", ["Super speed", "Heat resistance"], True),
    ("Kelp Regent", "Mara Quist", "tide-keepers", ["Plant growth", "Water breathing"], True),
    ("Cinder Finch", "Lena Vos", "north-wind", ["Spark flight", "Ash cloud"], False),
    ("Hollow Pike", "Gareth Moss", "iron-lantern", ["Phasing"], True),
    ("Zéphyr Blanc", "Amélie Roux", "north-wind", ["Gusts", "Flight", "Cold touch"], True),
    ("Inkwell", "Pavel Novak", "paper-moths", ["Ink tendrils", "Forgery sense"], True),
    ("Granite Wren", "Siobhan Keane", "iron-lantern", ["Density shift", "Stone sense"], True),
    ("Halcyon Drum", "Kwame Asante", "dawn-guard", ["Shockwave", "Rhythm sense", "Endurance", "Calm aura"], True),
    ("Mistral Fox", "Yara Haddad", "north-wind", ["Wind running", "Scent tracking"], True),
    ("Pale Orchard", "Hanne Berg", "quiet-circle", ["Plant growth", "Healing touch"], False),
    ("Riptide Nell", "Nell Carver", "tide-keepers", ["Current surfing", "Water shaping", "Tidal sense"], True),
    ("Sable Compass", "Dmitri Orlov", None, ["Perfect direction", "Map recall"], True),
    ("Tinder Moth", "Rosa Lindqvist", "paper-moths", ["Flame wings", "Glow"], True),
    ("Umber Sentinel", "Felix Abara", "iron-lantern", ["Force field", "Endurance", "Threat sense"], True),
    ("Velvet Anchor", "Ingrid Sol", "tide-keepers", ["Gravity well", "Deep diving"], True),
    ("Wicker Saint", "Bram de Wit", "paper-moths", ["Basket cages", "Plant shaping"], False),
    ("Xylo Sparrow", "Mei Lin", "dawn-guard", ["Sound blasts", "Flight"], True),
    ("Yarrow Veil", "Elena Dusk", "quiet-circle", ["Illusions", "Healing touch", "Invisibility"], True),
    ("Zinc Harbor", "Samuel Ode", "tide-keepers", ["Magnetism", "Rust ward"], True),
    ("Aurora Thistle", "Freya Nyberg", "north-wind", ["Light shows", "Cold touch", "Flight", "Snow walk", "Glow"], True),
    ("Bramble Knot", "Theo Hart", None, ["Vine whips", "Plant growth"], True),
    ("Cobalt Murmur", "Ravi Menon", "quiet-circle", ["Telepathy"], True),
    ("Dune Lantern", "Amira Saleh", "iron-lantern", ["Sand shaping", "Heat resistance"], True),
    ("Echo Tern", "Lars Ekdahl", "north-wind", ["Sonar", "Flight"], False),
    ("Fable Grey", "Orla Finn", "paper-moths", ["Story weaving", "Illusions"], True),
    ("Gossamer Rook", "Ivo Petek", "dawn-guard", ["Web lines", "Wall climbing"], True),
    ("Harbor Ghost", "Cecil Marr", "tide-keepers", ["Phasing", "Fog making"], True),
    ("Iris Mantle", "Dalia Cruz", "quiet-circle", ["Color shift", "Camouflage"], True),
    ("Juniper Volt", "Kai Moreno", "iron-lantern", ["Electric touch", "Super speed"], True),
    ("Kite Warden", "Ana Bologna", "north-wind", ["Wind calling", "Kite constructs", "Flight"], False),
    ("Loam Tortoise", "Birgit Aas", "dawn-guard", ["Shell armour", "Endurance"], True),
    ("Moonwake", "Tariq Nasser", "tide-keepers", ["Tidal sense", "Night vision", "Water breathing"], True),
]
# Two heroes keep their identity secret even from the demo: no sealed name at all.
NO_IDENTITY = {"Sable Compass", "Cobalt Murmur"}


def png(width, height, pixel):
    """A truecolour PNG built with zlib and struct only."""
    raw = bytearray()
    for y in range(height):
        raw.append(0)  # filter type: none
        for x in range(width):
            raw.extend(pixel(x, y))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")


def avatar(index):
    """A geometric avatar: a shaded disc on a gradient, with a ring, a diamond or a cross, and a fine
    woven texture so the file is a realistic few kilobytes rather than a few hundred bytes."""
    size = 128
    hue = (index * 47) % 360
    shape = index % 3
    centre = size / 2 - 0.5

    def pixel(x, y):
        dx, dy = x - centre, y - centre
        r2 = dx * dx + dy * dy
        weave = ((x * 7 + y * 13 + index) % 5) * 3
        if shape == 0 and 900 < r2 < 1400:
            return hsv((hue + 180) % 360, 0.7, 0.45)
        if shape == 1 and abs(dx) + abs(dy) < 26:
            return hsv((hue + 180) % 360, 0.7, 0.40 + 0.2 * (abs(dx) / 26))
        if shape == 2 and (abs(dx) < 9 or abs(dy) < 9) and r2 < 48 * 48:
            return hsv((hue + 180) % 360, 0.7, 0.45)
        if r2 < 56 * 56:
            light = 1 - (r2 ** 0.5) / 56 * 0.35
            return tuple(min(255, c + weave) for c in hsv(hue, 0.55, 0.95 * light))
        return tuple(min(255, c + weave) for c in hsv((hue + 30) % 360, 0.12, 0.90 + 0.1 * y / size))

    return png(size, size, pixel)


def hsv(h, s, v):
    c = v * s
    x = c * (1 - abs((h / 60) % 2 - 1))
    m = v - c
    r, g, b = [(c, x, 0), (x, c, 0), (0, c, x), (0, x, c), (x, 0, c), (c, 0, x)][int(h // 60) % 6]
    return bytes(int((channel + m) * 255) for channel in (r, g, b))


def unseal(sealed):
    data = base64.b64decode(sealed)
    return AESGCM(DEMO_KEY).decrypt(data[:12], data[12:], None).decode("utf-8")


def seal(text, previous=None, clear=None):
    """Seals with a fresh random nonce, unless `previous` already seals the same text (`clear`, its
    recorded clear name, says so without a key), so re-running leaves the committed ciphertexts alone."""
    if previous and clear == text:
        return previous
    if AESGCM is None:
        sys.exit(f"sealing the new real name {text!r} needs the cryptography package: pip install cryptography")
    if previous:
        try:
            if unseal(previous) == text:
                return previous
        except Exception:
            pass
    nonce = os.urandom(12)
    sealed = AESGCM(DEMO_KEY).encrypt(nonce, text.encode("utf-8"), None)  # ciphertext || tag
    return base64.b64encode(nonce + sealed).decode("ascii")


def main():
    os.makedirs(os.path.join(ROOT, "pictures"), exist_ok=True)
    teams = dict(TEAMS)
    previous = {}
    try:
        with open(os.path.join(ROOT, "heroes.json"), encoding="utf-8") as existing:
            previous = {h["id"]: h.get("encrypted_real_name") for h in json.load(existing)}
    except FileNotFoundError:
        pass
    try:
        with open(CLEAR_NAMES, encoding="utf-8") as names:
            clear = json.load(names)
    except FileNotFoundError:
        clear = {}
    heroes = []
    MOTTOS = {"0042": "Higher, then higher still.", "0044": "The tide remembers what the shore forgets."}
    for index, (code_name, real_name, team, powers, has_picture) in enumerate(HEROES, start=1):
        hero_id = f"{index:04d}"
        if has_picture:
            data = avatar(index)
            assert len(data) <= 50 * 1024
            with open(os.path.join(ROOT, "pictures", f"{hero_id}.png"), "wb") as out:
                out.write(data)
        heroes.append({
            "id": hero_id,
            "code_name": code_name,
            "encrypted_real_name": None if code_name in NO_IDENTITY else seal(real_name, previous.get(hero_id), clear.get(hero_id)),
            "powers": powers,
            "picture_url": f"/v1/heroes/{hero_id}/picture" if has_picture else None,
            "team": {"id": team, "name": teams[team]} if team else None,
            "updated_at": f"2026-11-{1 + index % 28:02d}T{8 + index % 12:02d}:{(index * 7) % 60:02d}:00Z",
            "version": 1 + index % 3,
        })
        if hero_id in MOTTOS:  # optional in the contract: most heroes have none
            heroes[-1]["motto"] = MOTTOS[hero_id]
    assert len(heroes) >= 40 and all(1 <= len(h["powers"]) <= 5 for h in heroes)
    with open(os.path.join(ROOT, "heroes.json"), "w", encoding="utf-8") as out:
        json.dump(heroes, out, ensure_ascii=False, indent=2)
        out.write("\n")
    with open(os.path.join(ROOT, "teams.json"), "w", encoding="utf-8") as out:
        json.dump({"items": [{"id": i, "name": n} for i, n in TEAMS]}, out, ensure_ascii=False, indent=2)
        out.write("\n")
    # The clear names, for the test that opens every sealed identity (demo data only).
    with open(CLEAR_NAMES, "w", encoding="utf-8") as out:
        json.dump({f"{i:04d}": h[1] for i, h in enumerate(HEROES, start=1) if h[0] not in NO_IDENTITY},
                  out, ensure_ascii=False, indent=2, sort_keys=True)
        out.write("\n")
    print(f"wrote {len(heroes)} heroes, {len(TEAMS)} teams to {os.path.normpath(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
