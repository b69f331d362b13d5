#!/usr/bin/env python3
"""Writes the cases of the pinned-diagnostics suite.

    python3 build-support/gen_diagnostics.py          # (re)write the cases
    python3 build-support/gen_diagnostics.py --check  # are they up to date?

Every case is a small source file under tests/data/diagnostics/<grammar>/
(`nh343` and `nh36`: `.des` files of NetHack 3.4.3's and 3.6's level
languages; `dungeon`: 3.4.3 `dungeon.def` files). Its expected diagnostics
are the `.stderr` file beside it, written by the test
`tests/it/diagnostics_pinned.rs` with `LEVBUILD_BLESS=1`, never by this
script.

Most cases are generated from a table of each grammar's statement forms
(`generate_forms`): one minimal valid file around one statement, with one
thing wrong. For every argument position: the argument of the wrong kind
and, where the compiler checks it, each rejected value; the first and the
last argument missing; strings and brackets left unterminated. For every
statement: an extra argument and a misspelt keyword (and for a few, a
missing `:`). The rest are written out below: value keywords misspelt,
the scanner, statements out of place, the limits of the tables (128
records, 81 rooms, …), the checks that need a particular map or a second
statement, and what only one language has. Together they report every
message each compiler has (the test
`every_message_is_pinned_or_listed_unreachable` checks that).

The script owns the case sources: it deletes `.des`/`.def` files it did
not write, and the test deletes the `.stderr` files of deleted cases when
it blesses. Deterministic, standard library only, no network.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "data", "diagnostics")

CASES = {"nh343": {}, "nh36": {}, "dungeon": {}}
EXT = {"nh343": ".des", "nh36": ".des", "dungeon": ".def"}


def case(grammar, name, text):
    """Adds one case (`text` is the whole file; bytes are allowed)."""
    assert name not in CASES[grammar], f"{grammar}/{name} defined twice"
    assert all(c.isalnum() or c in "-_" for c in name), name
    CASES[grammar][name] = text


class Arg:
    """One argument of a statement form.

    `text` is a valid value; `kind` selects the wrong-kind replacement
    (see `wrong343`, `wrong36`, `wrong_dungeon`); `bad` maps a case-name suffix to an
    out-of-range (or otherwise rejected) value the compiler checks;
    `optional` arguments are left out of the "missing" cases (leaving
    them out is valid); `wrong` overrides the wrong-kind value.
    """

    def __init__(self, name, text, kind, bad=None, optional=False, wrong=None):
        self.name = name
        self.text = text
        self.kind = kind
        self.bad = bad or {}
        self.optional = optional
        self.wrong = wrong


class Form:
    """A statement form: `head` (`KEYWORD:`), its arguments joined by
    `sep`, `after` (text that follows the arguments: a block), placed in a
    minimal file by `wrap`. `extra` overrides the extra argument of the
    grammar (where that one is valid); `colon` asks for a case without
    the `:` (a few forms of each grammar: the rest would be alike)."""

    def __init__(self, name, head, args, wrap, sep=", ", after="", extra=None, colon=False):
        self.name = name
        self.head = head
        self.args = args
        self.wrap = wrap
        self.sep = sep
        self.after = after
        self.extra = extra
        self.colon = colon

    def line(self, args, head=None):
        head = self.head if head is None else head
        text = " ".join(p for p in [head, self.sep.join(args)] if p)
        return text + self.after


def misspell(word):
    """The keyword with its second-to-last letter dropped (`MONSTER` →
    `MONSTR`), or a letter doubled when it is too short for that."""
    if len(word) < 4:
        return word + word[-1]
    return word[:-2] + word[-1]


def generate_forms(grammar, forms, wrong, unterminated, extra):
    """The generated cases of `forms`: for each argument of the wrong
    kind and each of its checked bad values; the first and the last
    missing; every string and the first bracket unterminated; for each
    form an extra argument and a misspelt keyword (and, for some, a
    missing colon)."""
    for f in forms:
        texts = [a.text for a in f.args]
        required = [i for i, a in enumerate(f.args) if not a.optional]
        bracket_done = False
        for i, a in enumerate(f.args):
            # A missing argument in the middle is the next one where this
            # one belongs, which the wrong-kind cases cover: only the first
            # and the last are left out.
            if required and i in (required[0], required[-1]):
                rest = texts[:i] + texts[i + 1:]
                case(grammar, f"{f.name}-{a.name}-missing", f.wrap(f.line(rest)))
            w = a.wrong or wrong(a.kind)
            if w is not None:
                bad = texts[:i] + [w] + texts[i + 1:]
                case(grammar, f"{f.name}-{a.name}-wrong-kind", f.wrap(f.line(bad)))
            for suffix, value in a.bad.items():
                bad = texts[:i] + [value] + texts[i + 1:]
                case(grammar, f"{f.name}-{a.name}-{suffix}", f.wrap(f.line(bad)))
            u = unterminated(a)
            # Every string; the first bracketed argument of a form.
            is_string = u is not None and u.startswith('"')
            if u is not None and (is_string or not bracket_done):
                bracket_done |= not is_string
                bad = texts[:i] + [u] + texts[i + 1:]
                case(grammar, f"{f.name}-{a.name}-unterminated", f.wrap(f.line(bad)))
        if f.args:
            more = texts + [f.extra or extra]
            case(grammar, f"{f.name}-extra-argument", f.wrap(f.line(more)))
        keyword = f.head.rstrip(":")
        head = misspell(keyword) + (":" if f.head.endswith(":") else "")
        case(grammar, f"{f.name}-misspelt-keyword", f.wrap(f.line(texts, head=head)))
        if f.colon:
            case(grammar, f"{f.name}-missing-colon", f.wrap(f.line(texts, head=keyword)))


def lines(*ls):
    return "".join(l + "\n" for l in ls)


def repeated(line, n):
    return [line] * n


# ---------------------------------------------------------------------
# NetHack 3.4.3 .des
# ---------------------------------------------------------------------

# A 5x3 map: a door at (1,1), a wall at (3,1), floor elsewhere.
MAP343 = ["GEOMETRY: center, center", "MAP", ".....", ".+.|.", ".....", "ENDMAP"]


def maze343(*stmts):
    """A maze level whose one map part holds `stmts`."""
    return lines('MAZE: "t", \' \'', *MAP343, *stmts)


def maze_header343(*stmts):
    """`stmts` between a maze level's header and its map part."""
    return lines('MAZE: "t", \' \'', *stmts, *MAP343)


def room343(*stmts):
    """A room level whose one room holds `stmts`."""
    return lines('LEVEL: "r"', 'ROOM: "ordinary", lit, random, random, random', *stmts)


def room_level343(*stmts):
    """`stmts` in a room level (for ROOM, SUBROOM, CORRIDOR)."""
    return lines('LEVEL: "r"', *stmts)


def wrong343(kind):
    return {
        "str": "1",
        "chr": '"."',
        "int": '"1"',
        "int|random": '"1"',
        "coord": "1",
        "rect": "(0,0,1)",
        "lev_rect": "1",
        "pair": "(1)",
        "pair|random": "(1)",
        "light": "north",
        "chance": "[50]",
        "map": "1",
        "flag": "lit",
        "just": "center",
        "corr": "(0, south)",
        "corr|int": '"x"',
        "str|random": "1",
        "chr|random": "1",
        "class": "1",
    }.get(kind, "lit")


def unterminated343(arg):
    if arg.kind in ("str", "str|random"):
        return '"' + arg.text.strip('"')
    if arg.kind in ("coord", "rect", "pair", "pair|random", "just", "corr"):
        return arg.text[:-1]
    return None


def nh343_forms():
    M, H, R, L = maze343, maze_header343, room343, room_level343
    C = "coord"
    coord = lambda t="(0,0)", **bad: Arg("coord", t, C, bad)
    forms = [
        Form("maze", "MAZE:", [
            Arg("name", '"t"', "str", {"with-dot": '"t.x"', "too-long": '"ninechars"',
                                       "empty": '""', "unsafe": '"a/b"'}),
            Arg("fill", "' '", "chr|random", {"not-a-map-char": "'x'"}),
        ], lambda s: lines(s, "NOMAP")),
        Form("level", "LEVEL:", [
            Arg("name", '"r"', "str", {"with-dot": '"r.x"', "too-long": '"ninechars"',
                                       "empty": '""', "unsafe": '"a:b"'}),
        ], lambda s: lines(s, 'ROOM: "ordinary", lit, random, random, random')),
        Form("flags", "FLAGS:", [Arg("flag", "noteleport", "flag")], H),
        Form("init-map", "INIT_MAP:", [
            Arg("fg", "'.'", "chr", {"not-a-map-char": "'x'", "not-floor-joined": "'-'"}),
            Arg("bg", "' '", "chr", {"not-a-map-char": "'x'"}),
            Arg("smoothed", "true", "bool"),
            Arg("joined", "true", "bool"),
            Arg("lit", "lit", "light"),
            Arg("walled", "false", "bool"),
        ], H),
        Form("message", "MESSAGE:", [Arg("text", '"hello"', "str")], H),
        Form("random-objects", "RANDOM_OBJECTS:", [
            Arg("class", "'('", "chr", {"not-a-class": "'9'"}),
        ], maze343),
        Form("random-monsters", "RANDOM_MONSTERS:", [
            Arg("class", "'a'", "chr", {"not-a-class": "'9'"}),
        ], maze343),
        Form("random-places", "RANDOM_PLACES:", [
            Arg("place", "(0,0)", "pair", {"out-of-map": "(9,9)"}),
        ], maze343),
        Form("nomap", "NOMAP", [], lambda s: lines('MAZE: "t", \' \'', s)),
        Form("geometry", "GEOMETRY:", [
            Arg("halign", "center", "hjust"),
            Arg("valign", "center", "vjust"),
        ], lambda s: lines('MAZE: "t", \' \'', s, "MAP", "...", "ENDMAP")),
        Form("wallify", "WALLIFY", [], M),
        Form("random-corridors", "RANDOM_CORRIDORS", [], R),
        Form("monster", "MONSTER:", [
            Arg("class", "'d'", "class", {"not-a-class": "'9'", "register-overflow": "monster[10]",
                                          "register-negative": "monster[-1]"}),
            Arg("name", '"jackal"', "str|random", {"unknown": '"jackall"',
                                                   "other-class": '"newt"'}),
            coord(**{"out-of-map": "(9,9)", "in-wall": "(3,1)", "register-overflow": "place[10]",
                     "register-negative": "place[-1]"}),
            Arg("attitude", "peaceful", "attitude", optional=True),
            Arg("alignment", "law", "align", {"register-overflow": "align[3]"}, optional=True),
        ], M),
        Form("object", "OBJECT:", [
            Arg("class", "')'", "class", {"not-a-class": "'9'", "register-overflow": "object[10]"}),
            Arg("name", '"long sword"', "str|random", {"unknown": '"long swrd"'}),
            coord(**{"out-of-map": "(9,9)", "in-wall": "(3,1)"}),
            Arg("curse", "blessed", "curse", optional=True),
            Arg("spe", "2", "int|random", {"too-big": "40000"}, optional=True),
            Arg("oname", '"Sting"', "str", optional=True),
        ], M),
        Form("container", "CONTAINER:", [
            Arg("class", "'('", "class"),
            Arg("name", '"chest"', "str|random"),
            coord(),
        ], M),
        Form("trap", "TRAP:", [
            Arg("kind", '"pit"', "str|random", {"unknown": '"pitt"'}),
            coord(**{"out-of-map": "(9,9)", "in-wall": "(3,1)"}),
        ], M),
        Form("door", "DOOR:", [
            Arg("state", "locked", "door"),
            coord("(1,1)", **{"not-a-door": "(0,0)", "out-of-map": "(9,9)"}),
        ], M),
        Form("room-door", "DOOR:", [
            Arg("secret", "false", "bool"),
            Arg("state", "closed", "door"),
            Arg("wall", "north", "dir"),
            Arg("pos", "random", "int|random", {"too-big": "300"}),
        ], R),
        Form("drawbridge", "DRAWBRIDGE:", [
            coord("(2,1)", **{"no-wall": "(0,0)"}),
            Arg("dir", "east", "dir"),
            Arg("state", "open", "door", {"locked": "locked"}),
        ], M),
        Form("mazewalk", "MAZEWALK:", [
            coord(**{"out-of-map": "(9,9)"}),
            Arg("dir", "east", "dir"),
        ], M),
        Form("ladder", "LADDER:", [
            coord(**{"in-wall": "(3,1)"}),
            Arg("dir", "up", "updown"),
        ], M),
        Form("stair", "STAIR:", [
            coord(**{"in-wall": "(3,1)"}),
            Arg("dir", "up", "updown"),
        ], M),
        Form("stair-region", "STAIR:", [
            Arg("area", "(0,0,1,1)", "lev_rect", {"out-of-map": "(0,0,9,9)",
                                                  "out-of-level": "levregion(0,0,80,21)"}),
            Arg("exclude", "(0,0,0,0)", "lev_rect"),
            Arg("dir", "up", "updown"),
        ], M),
        Form("portal", "PORTAL:", [
            Arg("area", "levregion(1,0,79,20)", "lev_rect"),
            Arg("exclude", "(0,0,4,2)", "lev_rect"),
            Arg("dest", '"fire"', "str"),
        ], M),
        Form("teleport-region", "TELEPORT_REGION:", [
            Arg("area", "levregion(1,0,79,20)", "lev_rect"),
            Arg("exclude", "(0,0,4,2)", "lev_rect"),
            Arg("dir", "down", "updown", optional=True),
        ], M),
        Form("branch", "BRANCH:", [
            Arg("area", "levregion(1,0,10,20)", "lev_rect", {"out-of-level": "levregion(0,0,10,20)"}),
            Arg("exclude", "(0,0,0,0)", "lev_rect"),
        ], M),
        Form("altar", "ALTAR:", [
            coord(**{"in-wall": "(3,1)"}),
            Arg("align", "law", "align", {"register-overflow": "align[3]"}),
            Arg("kind", "shrine", "altar"),
        ], M),
        Form("fountain", "FOUNTAIN:", [coord(**{"out-of-map": "(5,0)"})], M),
        Form("sink", "SINK:", [coord()], R),
        Form("pool", "POOL:", [coord()], R),
        Form("non-diggable", "NON_DIGGABLE:", [
            Arg("area", "(0,0,4,2)", "rect", {"out-of-map": "(0,0,5,2)"}),
        ], M),
        Form("non-passwall", "NON_PASSWALL:", [
            Arg("area", "(0,0,4,2)", "rect", {"out-of-map": "(-1,0,4,2)"}),
        ], M),
        Form("region", "REGION:", [
            Arg("area", "(0,0,2,2)", "rect", {"start-after-end": "(2,2,0,0)",
                                              "out-of-map": "(0,0,5,5)"}),
            Arg("lit", "lit", "light"),
            Arg("kind", '"ordinary"', "str|random", {"unknown": '"ordinry"'}),
            Arg("fill", "filled", "filling", optional=True),
            Arg("irregular", "false", "bool", optional=True),
        ], M),
        Form("gold", "GOLD:", [
            Arg("amount", "100", "int|random", {"too-big": "99999999999"}),
            coord(**{"in-wall": "(3,1)"}),
        ], M),
        Form("engraving", "ENGRAVING:", [
            coord(**{"in-wall": "(3,1)"}),
            Arg("kind", "burn", "engraving"),
            Arg("text", '"Elbereth"', "str"),
        ], M),
        Form("room", "ROOM:", [
            Arg("kind", '"ordinary"', "str|random", {"unknown": '"thrne"'}),
            Arg("lit", "lit", "light"),
            Arg("pos", "(1,1)", "pair|random", {"out-of-range": "(0,6)"}),
            Arg("align", "(center, center)", "just"),
            Arg("size", "(5,5)", "pair|random", {"too-big": "(300,5)"}),
            Arg("filled", "true", "bool", optional=True),
        ], L),
        Form("subroom", "SUBROOM:", [
            Arg("kind", '"ordinary"', "str|random"),
            Arg("lit", "lit", "light"),
            Arg("pos", "(1,1)", "pair|random", {"negative": "(-1,0)"}),
            Arg("size", "(2,2)", "pair|random"),
            Arg("parent", '"big"', "str", {"unknown": '"small"'}),
            Arg("filled", "true", "bool", optional=True),
        ], lambda s: room_level343('ROOM: "ordinary", lit, (1,1), (center, center), (9,9)',
                                   'NAME: "big"', s)),
        Form("name", "NAME:", [Arg("name", '"big"', "str")], R),
        Form("chance", "CHANCE:", [
            Arg("chance", "50", "int", {"too-big": "150", "zero": "0"}),
        ], lambda s: room_level343('ROOM: "temple", lit, random, random, random', s)),
        Form("corridor", "CORRIDOR:", [
            Arg("from", "(0, south, 0)", "corr", {"no-such-room": "(2, south, 0)",
                                                  "negative-room": "(-1, south, 0)"}),
            Arg("to", "(1, north, random)", "corr|int", {"no-such-room": "(9, north, 0)"}),
        ], lambda s: room_level343('ROOM: "ordinary", lit, random, random, random',
                                   'ROOM: "ordinary", lit, random, random, random', s)),
    ]
    # A missing `:` before each kind of first argument.
    for f in forms:
        f.colon = f.name in {"maze", "flags", "monster", "door", "fountain", "chance"}
    return forms


def nh343_cases():
    g = "nh343"
    generate_forms(g, nh343_forms(), wrong343, unterminated343, "1")
    # A 3.6 file compiled as 3.4.3: one error saying so, then three.
    case(g, "file-in-the-36-language",
         lines("# a NetHack 3.6 level", 'MAZE: "t", \' \'', "GEOMETRY: center, center",
               "MAP", "...", "ENDMAP", "$place = { (0,0), (1,1) }",
               "OBJECT: ('(', \"crystal ball\"), (0,0)",
               "MONSTER: ('d', \"jackal\"), (1,1)", "IF [50%] {", "FOUNTAIN: (2,2)", "}"))
    M, H, R, L = maze343, maze_header343, room343, room_level343

    # lev_comp.l copies a map block's rows into a 4096-byte buffer.
    case(g, "map-block-overflows-lev-comps-buffer",
         lines('MAZE: "a", \' \'', "GEOMETRY: center, center", "MAP",
               *(["." * 70] * 60), "ENDMAP"))
    # After NOMAP, lev_comp checks places against the level's last MAP:
    # where no map of the level has a cell it reads memory it does not own.
    case(g, "nomap-place-no-map-covers",
         lines('MAZE: "s", \' \'', "NOMAP", "GOLD: random, (5,1)",
               "DOOR: closed, (39,7)", "TRAP: \"arrow\", (3,2)",
               "DRAWBRIDGE: (2,0), north, open"))
    case(g, "nomap-checks-the-last-map",
         lines('MAZE: "c", \' \'', "GEOMETRY: center, center", "MAP", "....", ".+..",
               "....", "ENDMAP", "NOMAP", "DOOR: closed, (1,1)", "DOOR: closed, (1,0)",
               "DRAWBRIDGE: (2,0), south, open", "TRAP: \"arrow\", (1,1)",
               "REGION: (1,0,2,1), lit, \"ordinary\", unfilled, true"))

    # Value keywords misspelt where the compiler expects one.
    for name, stmt in [
        ("light", 'ROOM: "ordinary", lti, random, random, random'),
        ("door-state", "DOOR: lockd, (1,1)"),
        ("direction", "MAZEWALK: (0,0), est"),
        ("alignment", "ALTAR: (0,0), lwa, shrine"),
        ("altar-type", "ALTAR: (0,0), law, shrin"),
        ("boolean", "INIT_MAP: '.', ' ', ture, true, lit, false"),
        ("up-down", "LADDER: (0,0), dwn"),
        ("engraving-type", 'ENGRAVING: (0,0), brn, "x"'),
        ("curse", 'OBJECT: \')\', "long sword", (0,0), blesed, 2'),
        ("justification", "GEOMETRY: centre, center"),
        ("flag", "FLAGS: noteleprt"),
        ("random", "FOUNTAIN: randm"),
        ("levregion", "BRANCH: levregon(1,0,10,20), (0,0,0,0)"),
        ("register", "FOUNTAIN: plac[0]"),
    ]:
        if stmt.startswith("ROOM"):
            src = room_level343(stmt)
        elif stmt.startswith(("INIT_MAP", "FLAGS")):
            src = H(stmt)
        elif stmt.startswith("GEOMETRY"):
            src = lines('MAZE: "t", \' \'', stmt, "MAP", "...", "ENDMAP")
        else:
            src = M(stmt)
        case(g, f"misspelt-value-{name}", src)

    # Scanner: what no statement accepts.
    case(g, "scan-unterminated-map", lines('MAZE: "t", \' \'', "GEOMETRY: center, center",
                                           "MAP", "...", "..."))
    case(g, "scan-map-without-geometry", lines('MAZE: "t", \' \'', "MAP", "...", "ENDMAP"))
    case(g, "scan-stray-character", M("FOUNTAIN: (0,0) @"))
    case(g, "scan-indented-comment", M("  # not a comment here", "FOUNTAIN: (0,0)"))
    case(g, "scan-comment-without-newline", M("FOUNTAIN: (0,0)").encode() + b"# last line")
    case(g, "scan-nul-byte", M("FOUNTAIN: (0,0)").encode() + b"\0FOUNTAIN: (9,9)\n")
    case(g, "scan-byte-over-7f", M("FOUNTAIN: (0,0)").encode() + b"\xe9FOUNTAIN: (9,9)\n")
    case(g, "scan-byte-order-mark", b"\xef\xbb\xbf" + M("FOUNTAIN: (0,0)").encode())
    case(g, "scan-number-past-int", M("GOLD: 4294967297, (0,0)"))
    case(g, "scan-chance-past-int", M("MONSTER [4294967346%]: 'd', random, (0,0)"))

    # Chances: `[N%]` after the keyword.
    for name, chance in [("zero", "[0%]"), ("too-big", "[101%]"), ("without-percent", "[50]"),
                         ("unterminated", "[50%"), ("spaced", "[ 50 % ]")]:
        case(g, f"monster-chance-{name}", M(f"MONSTER {chance}: 'd', random, (0,0)"))
    case(g, "object-chance-zero", M("OBJECT [0%]: ')', random, (0,0)"))
    case(g, "trap-chance-too-big", M('TRAP [200%]: "pit", (0,0)'))
    case(g, "fountain-chance", M("FOUNTAIN [50%]: (0,0)"))
    case(g, "scan-only-junk", "junk\n")
    case(g, "scan-several-syntax-errors", M("FOUNTAIN: 1", "MONSTER: 'd'", "TRAP: , (0,0)"))

    # Statements out of place.
    case(g, "order-outside-a-level", lines("FOUNTAIN: (0,0)", 'MAZE: "t", \' \'', "NOMAP"))
    case(g, "order-flags-after-message", H('MESSAGE: "hi"', "FLAGS: noteleport"))
    case(g, "order-flags-twice", H("FLAGS: noteleport", "FLAGS: hardfloor"))
    case(g, "order-init-map-after-message",
         H('MESSAGE: "hi"', "INIT_MAP: '.', ' ', true, true, lit, false"))
    case(g, "order-message-after-contents", M("FOUNTAIN: (0,0)", 'MESSAGE: "late"'))
    case(g, "order-message-in-room", R('MESSAGE: "late"'))
    case(g, "order-detail-before-map-part", H("FOUNTAIN: (0,0)"))
    case(g, "order-register-after-detail", M("FOUNTAIN: (0,0)", "RANDOM_OBJECTS: '('"))
    case(g, "order-register-after-room", R("RANDOM_MONSTERS: 'a'"))
    case(g, "order-detail-outside-a-room", L("FOUNTAIN: (0,0)"))
    case(g, "order-corridor-after-random-corridors", R("RANDOM_CORRIDORS",
                                                      "CORRIDOR: (0, south, 0), 1"))
    case(g, "order-random-corridors-after-corridor", R("CORRIDOR: (0, south, 0), 1",
                                                      "RANDOM_CORRIDORS"))
    case(g, "order-random-corridors-twice", R("RANDOM_CORRIDORS", "RANDOM_CORRIDORS"))
    case(g, "order-room-after-corridors", R("RANDOM_CORRIDORS",
                                            'ROOM: "ordinary", lit, random, random, random'))
    case(g, "order-room-statement-in-maze", M('ROOM: "ordinary", lit, random, random, random'))
    case(g, "order-sink-in-maze", M("SINK: (0,0)"))
    case(g, "order-map-statement-in-room-level", R("MAZEWALK: (0,0), east"))
    case(g, "order-geometry-in-room-level", R(*MAP343))
    case(g, "order-nomap-in-room-level", R("NOMAP"))
    case(g, "order-corridor-in-maze", M("CORRIDOR: (0, south, 0), 1"))
    case(g, "order-random-places-in-room-level", R("RANDOM_PLACES: (0,0)"))
    case(g, "order-name-in-maze", M('NAME: "x"'))
    case(g, "order-room-door-in-maze", M("DOOR: false, closed, north, random"))
    case(g, "order-map-door-in-room", R("DOOR: locked, (1,1)"))
    case(g, "order-after-broken-header", lines('MAZE: "t" \' \'', "FOUNTAIN: (0,0)", "NOMAP"))
    case(g, "order-after-broken-map-part", lines('MAZE: "t", \' \'', "GEOMETRY: center",
                                                 "MAP", "...", "ENDMAP", "FOUNTAIN: (9,9)"))
    case(g, "order-after-broken-room", room_level343('ROOM: "ordinary", lit, random, random',
                                                     "FOUNTAIN: (0,0)"))

    # Levels and map parts.
    case(g, "level-maze-without-map-part", lines('MAZE: "t", \' \''))
    case(g, "level-defined-twice", lines('MAZE: "t", \' \'', "NOMAP", 'MAZE: "t", \' \'', "NOMAP"))
    # 10 parts: lev_comp's tmppart[10] holds them, the game's load_maze
    # panics (a warning); 11: lev_comp writes past its table (an error).
    parts = []
    for _ in range(10):
        parts += ["GEOMETRY: center, center", "MAP", "..", "ENDMAP", "FOUNTAIN: (0,0)"]
    case(g, "level-ten-map-parts", lines('MAZE: "t", \' \'', *parts))
    # A room name whose length, written as a short, wraps to 2: the level
    # keeps its first 2 bytes (from 32,768 to 65,535 bytes it is an error).
    case(g, "room-name-length-wrapped",
         lines('LEVEL: "t"', 'ROOM: "ordinary", lit, (1,1), (center,center), (5,5)',
               'NAME: "' + "n" * 65538 + '"'))
    case(g, "level-too-many-map-parts", lines('MAZE: "t", \' \'', *parts, "NOMAP"))
    case(g, "map-too-wide", lines('MAZE: "t", \' \'', "GEOMETRY: center, center", "MAP",
                                  "." * 77, "ENDMAP"))
    case(g, "map-too-high", lines('MAZE: "t", \' \'', "GEOMETRY: center, center", "MAP",
                                  *repeated("...", 22), "ENDMAP"))
    case(g, "map-empty", lines('MAZE: "t", \' \'', "GEOMETRY: center, center", "MAP", "",
                               "ENDMAP"))
    case(g, "map-one-cell-with-init-map",
         lines('MAZE: "t", \' \'', "INIT_MAP: '.', ' ', true, true, lit, false",
               "GEOMETRY: center, center", "MAP", ".", "ENDMAP"))
    case(g, "message-too-long", H('MESSAGE: "' + "x" * 200 + '"', 'MESSAGE: "' + "y" * 60 + '"'))

    # Register lists.
    case(g, "registers-objects-twice", M("RANDOM_OBJECTS: '('", "RANDOM_OBJECTS: '['"))
    case(g, "registers-monsters-twice", M("RANDOM_MONSTERS: 'a'", "RANDOM_MONSTERS: 'b'"))
    case(g, "registers-places-twice", M("RANDOM_PLACES: (0,0)", "RANDOM_PLACES: (1,1)"))
    case(g, "registers-objects-twice-in-room-level",
         L("RANDOM_OBJECTS: '('", "RANDOM_OBJECTS: '['",
           'ROOM: "ordinary", lit, random, random, random'))
    case(g, "registers-monsters-twice-in-room-level",
         L("RANDOM_MONSTERS: 'a'", "RANDOM_MONSTERS: 'b'",
           'ROOM: "ordinary", lit, random, random, random'))
    eleven = ", ".join(["'('"] * 11)
    case(g, "registers-objects-too-long", M("RANDOM_OBJECTS: " + eleven))
    case(g, "registers-monsters-too-long", M("RANDOM_MONSTERS: " + eleven.replace("(", "a")))
    case(g, "registers-places-too-long", M("RANDOM_PLACES: " + ", ".join(["(0,0)"] * 11)))

    # Rooms.
    case(g, "room-name-twice", R('NAME: "a"', 'NAME: "b"'))
    case(g, "room-chance-twice",
         room_level343('ROOM: "temple", lit, random, random, random', "CHANCE: 50", "CHANCE: 60"))
    case(g, "room-chance-in-ordinary-room", R("CHANCE: 50"))
    case(g, "room-door-random-wall-with-position", R("DOOR: false, closed, random, 2"))
    case(g, "room-door-random-wall-and-position", R("DOOR: random, random, random, random",
                                                    "DOOR: true, nodoor, random, 2"))
    case(g, "flags-two-words-no-comma", H("FLAGS: noteleport hardfloor"))
    case(g, "random-objects-trailing-comma", M("RANDOM_OBJECTS: '(', '['", "RANDOM_PLACES: (0,0),"))
    case(g, "room-name-too-long", R('NAME: "' + "n" * 32768 + '"'))
    subrooms = ['SUBROOM: "ordinary", lit, (0,0), (1,1), "big"'] * 25
    case(g, "room-too-many-subrooms",
         room_level343('ROOM: "ordinary", lit, (1,1), (center, center), (9,9)', 'NAME: "big"',
                       *subrooms))
    case(g, "room-too-many-rooms",
         room_level343(*repeated('ROOM: "ordinary", lit, random, random, random', 81)))
    case(g, "room-corridors-too-many",
         R(*repeated("CORRIDOR: (0, south, 0), 1", 128)))
    case(g, "room-value-does-not-fit", R("FOUNTAIN: (300,0)"))

    # 127 records of a kind: one too many.
    for what, stmt, wrap in [
        ("monsters", "MONSTER: 'd', random, (0,0)", M),
        ("objects", "OBJECT: ')', random, (0,0)", M),
        ("traps", 'TRAP: "pit", (0,0)', M),
        ("altars", "ALTAR: (0,0), law, shrine", M),
        ("fountains", "FOUNTAIN: (0,0)", M),
        ("stairs", "STAIR: (0,0), up", M),
        ("golds", "GOLD: 1, (0,0)", M),
        ("engravings", 'ENGRAVING: (0,0), burn, "x"', M),
        ("map-doors", "DOOR: locked, (1,1)", M),
        ("drawbridges", "DRAWBRIDGE: (2,1), east, open", M),
        ("mazewalks", "MAZEWALK: (0,0), east", M),
        ("ladders", "LADDER: (0,0), up", M),
        ("levregions", "BRANCH: (0,0,1,1), (0,0,0,0)", M),
        ("non-diggables", "NON_DIGGABLE: (0,0,4,2)", M),
        ("regions", 'REGION: (0,0,1,1), lit, "ordinary"', M),
        ("room-doors", "DOOR: false, closed, north, random", R),
        ("sinks", "SINK: (0,0)", R),
        ("pools", "POOL: (0,0)", R),
        ("room-monsters", "MONSTER: 'd', random, (0,0)", R),
    ]:
        case(g, f"limit-{what}", wrap(*repeated(stmt, 128)))
    case(g, "limit-non-passwalls", M(*repeated("NON_PASSWALL: (0,0,4,2)", 32)))

    # Checks against a bigger map: the `-w` warnings of REGION, irregular
    # regions.
    big = ["GEOMETRY: center, center", "MAP",
           "---------", "|...|...|", "|...+...|", "|...|...|", "---------", "ENDMAP"]
    case(g, "region-rock-in-room",
         lines("# options: extra-warnings", 'MAZE: "t", \' \'', *big,
               'REGION: (1,1,7,3), lit, "ordinary"', 'REGION: (2,2,2,2), lit, "ordinary"'))
    case(g, "region-irregular-on-rock",
         lines('MAZE: "t", \' \'', *big, 'REGION: (0,0,2,2), lit, "ordinary", filled, true'))
    case(g, "region-vault-not-2x2", M('REGION: (0,0,2,2), lit, "vault"'))
    case(g, "region-irregular-vault", M('REGION: (0,0,1,1), lit, "vault", filled, true'))


# ---------------------------------------------------------------------
# NetHack 3.6 .des
# ---------------------------------------------------------------------

MAP36 = ["GEOMETRY:center,center", "MAP", ".....", ".+.|.", ".....", "ENDMAP"]


def maze36(*stmts):
    """A maze level (the whole 80x21 level is its map) holding `stmts`."""
    return lines('MAZE: "t", random', *stmts)


def map36(*stmts):
    """A level whose map is a 5x3 MAP (a door at (1,1), a wall at (3,1))."""
    return lines('LEVEL: "t"', *MAP36, *stmts)


def room36(*stmts):
    """A room level whose one room holds `stmts`."""
    return lines('LEVEL: "r"', 'ROOM: "ordinary", lit, (1,1), (center,top), (5,5) {',
                 *("  " + s for s in stmts), "}")


def level36(*stmts):
    return lines('LEVEL: "r"', *stmts)


def wrong36(kind):
    return {
        "str": "1",
        "chr": '"x"',
        "chr|random": "1",
        "int": '"x"',
        "int|random": '"x"',
        "expr": '"x"',
        "coord": "1",
        "region": "(1,1,2)",
        "lev_region": "1",
        "sel": '"x"',
        "mapchar": "1",
        "monster": "1",
        "object": "1",
        "pair": "(1)",
        "just": "center",
        "corr": "(0, south)",
        "corr|int": '"x"',
        "spercent": "50",
        "str|random": "1",
        "light": "north",
        "var": "1",
        "mode": "'x'",
    }.get(kind, "lit")


def unterminated36(arg):
    if arg.kind in ("str", "str|random"):
        return '"' + arg.text.strip('"')
    if arg.kind in ("coord", "region", "pair", "just", "corr", "monster", "object"):
        if arg.text.endswith(")"):
            return arg.text[:-1]
    return None


def nh36_forms():
    Z, P, R, L = maze36, map36, room36, level36
    coord = lambda t="(1,1)", **bad: Arg("coord", t, "coord", bad)
    block = lambda s: s.replace(" {}", " {\n}")
    forms = [
        Form("level", "LEVEL:", [
            Arg("name", '"t"', "str", {"with-dot": '"t.x"', "too-long": '"fifteen-letters"',
                                       "empty": '""', "unsafe": '"-t"'}),
        ], lambda s: lines(s)),
        Form("maze", "MAZE:", [
            Arg("name", '"t"', "str", {"unsafe": '"a/b"'}),
            Arg("filler", "random", "chr|random", {"stone": "' '", "not-a-map-char": "'Q'"}),
        ], lambda s: lines(s)),
        Form("flags", "FLAGS:", [Arg("flag", "noteleport", "flag")], lambda s: lines('MAZE: "t", random', s)),
        Form("message", "MESSAGE:", [Arg("text", '"hello"', "str")], Z),
        Form("init-solidfill", "INIT_MAP:", [
            Arg("mode", "solidfill", "mode"),
            Arg("fill", "' '", "chr", {"not-a-map-char": "'Q'"}),
        ], L),
        Form("init-mazegrid", "INIT_MAP:", [
            Arg("mode", "mazegrid", "mode"),
            Arg("fill", "'-'", "chr", {"not-a-map-char": "'Q'"}),
        ], L),
        Form("init-mines", "INIT_MAP:", [
            Arg("mode", "mines", "mode"),
            Arg("fg", "'.'", "chr", {"not-a-map-char": "'Q'", "not-floor-joined": "'-'"}),
            Arg("bg", "' '", "chr", {"not-a-map-char": "'Q'"}),
            Arg("smoothed", "true", "bool"),
            Arg("joined", "true", "bool"),
            Arg("lit", "lit", "light"),
            Arg("walled", "false", "bool"),
            Arg("filling", "' '", "chr", {"not-a-map-char": "'Q'"}, optional=True),
        ], L),
        Form("shuffle", "SHUFFLE:", [
            Arg("array", "$a", "var", {"not-an-array": "$n", "undefined": "$u"}),
        ], lambda s: maze36("$a = { 1, 2 }", "$n = 1", s)),
        Form("exit", "EXIT", [], Z),
        Form("random-corridors", "RANDOM_CORRIDORS", [], lambda s: level36(s)),
        Form("room", "ROOM:", [
            Arg("kind", '"ordinary"', "str|random", {"unknown": '"thrne"',
                                                     "with-chance": '"ordinary" [50%]'}),
            Arg("lit", "lit", "light"),
            Arg("pos", "(1,1)", "pair", {"out-of-range": "(0,6)"}),
            Arg("align", "(center,top)", "just", {"center": "(center,center)"}),
            Arg("size", "(5,5)", "pair"),
            Arg("flags", "filled", "flag", optional=True),
        ], lambda s: level36(block(s)), after=" {}"),
        Form("subroom", "SUBROOM:", [
            Arg("kind", '"ordinary"', "str|random"),
            Arg("lit", "lit", "light"),
            Arg("pos", "(1,1)", "pair", {"negative": "(-1,0)"}),
            Arg("size", "(2,2)", "pair"),
            Arg("flags", "unfilled", "flag", optional=True),
        ], lambda s: room36(block(s)), after=" {}"),
        Form("roomdoor", "ROOMDOOR:", [
            Arg("secret", "false", "bool"),
            Arg("state", "closed", "door"),
            Arg("wall", "north", "dir", {"random-with-pos": "random"}),
            Arg("pos", "2", "int|random"),
        ], R),
        Form("door", "DOOR:", [
            Arg("state", "locked", "door"),
            Arg("where", "(1,1)", "sel"),
        ], P),
        Form("corridor", "CORRIDOR:", [
            Arg("from", "(0, south, 0)", "corr"),
            Arg("to", "(1, north, random)", "corr|int"),
        ], lambda s: level36('ROOM: "ordinary", lit, random, random, random {', "}",
                            'ROOM: "ordinary", lit, random, random, random {', "}", s)),
        Form("nomap", "NOMAP", [], L),
        Form("geometry", "GEOMETRY:", [
            Arg("halign", "center", "hjust"),
            Arg("valign", "center", "vjust"),
        ], lambda s: lines('LEVEL: "t"', s, "MAP", "...", "ENDMAP")),
        Form("monster", "MONSTER:", [
            Arg("what", "('d', \"jackal\")", "monster", {"unknown": '"jackall"',
                                                     "class-unknown": "'9'",
                                                     "class-and-name": "('d', \"newt\")"}),
            coord(**{"out-of-map": "(80,1)", "negative": "(-1,1)"}),
            Arg("attitude", "peaceful", "attitude", optional=True),
            Arg("alignment", "align[0]", "align", {"register-overflow": "align[3]"}, optional=True),
        ], Z),
        Form("object", "OBJECT:", [
            Arg("what", "('[', \"leather armor\")", "object", {"unknown": '"long swrd"',
                                                            "class-unknown": "'9'",
                                                            "class-and-name": "('[', \"dagger\")"}),
            coord(**{"out-of-map": "(1,21)"}),
            Arg("curse", "blessed", "curse", optional=True, wrong="north"),
        ], Z, extra="north"),
        Form("container", "CONTAINER:", [
            Arg("what", '"chest"', "object"),
            coord(),
        ], lambda s: maze36(s + " {", "  OBJECT: '!'", "}"), extra="north"),
        Form("trap", "TRAP:", [
            Arg("kind", '"pit"', "str|random", {"unknown": '"pitt"'}),
            coord(),
        ], Z),
        Form("altar", "ALTAR:", [
            coord(),
            Arg("align", "law", "align", {"register-overflow": "align[5]"}),
            Arg("kind", "shrine", "altar"),
        ], Z),
        Form("grave", "GRAVE:", [
            coord(),
            Arg("text", '"here lies"', "str", optional=True),
        ], Z),
        Form("gold", "GOLD:", [
            Arg("amount", "10", "expr", {"past-int": "4294967306"}),
            coord(),
        ], Z),
        Form("engraving", "ENGRAVING:", [
            coord(),
            Arg("kind", "burn", "engraving"),
            Arg("text", '"Elbereth"', "str"),
        ], Z),
        Form("drawbridge", "DRAWBRIDGE:", [
            coord(),
            Arg("dir", "east", "dir"),
            Arg("state", "open", "door", {"locked": "locked"}),
        ], Z),
        Form("mazewalk", "MAZEWALK:", [
            coord(),
            Arg("dir", "east", "dir"),
            Arg("stocked", "true", "bool", optional=True),
            Arg("fill", "'.'", "chr", optional=True),
        ], Z),
        Form("wallify", "WALLIFY:", [Arg("where", "(1,1)", "sel")], Z),
        Form("ladder", "LADDER:", [coord(), Arg("dir", "up", "updown")], Z),
        Form("stair", "STAIR:", [coord(), Arg("dir", "up", "updown")], Z),
        Form("stair-region", "STAIR:", [
            Arg("area", "(1,1,5,5)", "lev_region", {"out-of-map": "(1,1,80,5)",
                                                    "out-of-level": "levregion(0,0,5,5)"}),
            Arg("exclude", "(0,0,0,0)", "lev_region"),
            Arg("dir", "up", "updown"),
        ], Z),
        Form("portal", "PORTAL:", [
            Arg("area", "levregion(1,1,5,5)", "lev_region", {"out-of-level": "levregion(1,1,5,21)"}),
            Arg("exclude", "(0,0,0,0)", "lev_region", {"out-of-map": "(0,0,9,9)"}),
            Arg("dest", '"fire"', "str"),
        ], P),
        Form("teleport-region", "TELEPORT_REGION:", [
            Arg("area", "(1,1,5,5)", "lev_region"),
            Arg("exclude", "(0,0,0,0)", "lev_region"),
            Arg("dir", "up", "updown", optional=True),
        ], Z),
        Form("branch", "BRANCH:", [
            Arg("area", "(1,1,5,5)", "lev_region"),
            Arg("exclude", "(0,0,0,0)", "lev_region", {"out-of-map": "(0,0,90,0)",
                                                         "negative": "(0,-1,0,0)"}),
        ], Z),
        Form("fountain", "FOUNTAIN:", [Arg("where", "(1,1)", "sel", {"out-of-map": "(1,30)"})], Z),
        Form("sink", "SINK:", [Arg("where", "(1,1)", "sel")], Z),
        Form("pool", "POOL:", [Arg("where", "(1,1)", "sel")], Z),
        Form("terrain", "TERRAIN:", [
            Arg("where", "(1,1)", "sel"),
            Arg("what", "'.'", "mapchar", {"unknown": "'Q'"}),
        ], Z),
        Form("replace-terrain", "REPLACE_TERRAIN:", [
            Arg("area", "(1,1,5,5)", "region", {"start-after-end": "(5,5,1,1)"}),
            Arg("from", "'.'", "mapchar", {"unknown": "'Q'"}),
            Arg("to", "'L'", "mapchar"),
            Arg("percent", "50%", "spercent"),
        ], Z),
        Form("non-diggable", "NON_DIGGABLE:", [
            Arg("area", "(1,1,5,5)", "region", {"start-after-end": "(1,5,5,1)"}),
        ], Z),
        Form("non-passwall", "NON_PASSWALL:", [Arg("area", "(1,1,5,5)", "region")], Z),
        Form("region", "REGION:", [
            Arg("area", "(1,1,5,5)", "region"),
            Arg("lit", "lit", "light"),
            Arg("kind", '"ordinary"', "str|random", {"unknown": '"thrne"'}),
            Arg("flags", "filled", "flag", optional=True),
        ], Z),
        Form("mineralize", "MINERALIZE:", [
            Arg("gem", "1", "expr"),
            Arg("gold", "2", "expr"),
            Arg("kelp", "3", "expr"),
            Arg("eels", "4", "expr"),
        ], Z),
    ]
    for f in forms:
        f.colon = f.name in {"level", "init-mines", "monster", "door", "fountain", "gold",
                             "wallify", "shuffle"}
    return forms


def nh36_cases():
    g = "nh36"
    # 3.6's scanner copies each token and comment line into 512 bytes.
    case(g, "token-overflows-lev-comps-buffer",
         lines('MAZE: "a", random', "# " + "x" * 600, 'MESSAGE: "' + "y" * 520 + '"',
               "NOMAP"))
    # lev_comp.l copies a map block's rows into a 4096-byte buffer.
    case(g, "map-block-overflows-lev-comps-buffer",
         lines('MAZE: "a", \' \'', "GEOMETRY: center, center", "MAP",
               *(["." * 70] * 60), "ENDMAP"))
    generate_forms(g, nh36_forms(), wrong36, unterminated36, "1")
    Z, P, R, L = maze36, map36, room36, level36

    # Value keywords misspelt.
    for name, stmt in [
        ("light", 'REGION: (1,1,5,5), lti, "ordinary"'),
        ("door-state", "DOOR: lockd, (1,1)"),
        ("direction", "MAZEWALK: (1,1), est"),
        ("alignment", "ALTAR: (1,1), lwa, shrine"),
        ("boolean", "INIT_MAP: mines, '.', ' ', ture, true, lit, false"),
        ("up-down", "LADDER: (1,1), dwn"),
        ("curse", "OBJECT: '[', (1,1), blesed"),
        ("flag", "FLAGS: noteleprt"),
        ("random", "FOUNTAIN: randm"),
        ("humidity", "FOUNTAIN: random[dyr]"),
        ("init-mode", "INIT_MAP: solidfil, ' '"),
        ("selection-function", "FOUNTAIN: rectt (1,1,5,5)"),
        ("monster-info", "MONSTER: 'd', (1,1), peacefull"),
        ("object-info", "OBJECT: '[', (1,1), burried"),
    ]:
        case(g, f"misspelt-value-{name}", L(stmt) if name in ("init-mode", "boolean") else Z(stmt))

    # Monster and object properties.
    # A property given twice: one of each way a property is written.
    for name, info in [
        ("name", '"Fido"'), ("hostile", "hostile"), ("align-random", "align: random"),
        ("appearance", 'm_object "boulder"'), ("female", "female"),
        ("fleeing", "fleeing: 3"), ("seen-traps", 'seen_traps: "pit"'),
    ]:
        case(g, f"monster-info-{name}-twice", Z(f"MONSTER: 'd', (1,1), {info}, {info}"))
    case(g, "monster-info-appearance-without-text", Z("MONSTER: 'd', (1,1), m_object"))
    case(g, "monster-info-fleeing-without-value", Z("MONSTER: 'd', (1,1), fleeing"))
    case(g, "monster-info-unknown-word", Z("MONSTER: 'd', (1,1), happy"))
    case(g, "monster-seen-traps-unknown", Z('MONSTER: \'d\', (1,1), seen_traps: "pitt"'))
    case(g, "monster-seen-traps-twice", Z('MONSTER: \'d\', (1,1), seen_traps: "pit" | "pit"'))
    case(g, "monster-seen-traps-all-not-last", Z('MONSTER: \'d\', (1,1), seen_traps: all | "pit"'))
    case(g, "monster-seen-traps-empty", Z("MONSTER: 'd', (1,1), seen_traps:"))
    case(g, "monster-inventory-unclosed", lines('MAZE: "t", random',
                                                "MONSTER: 'd', (1,1) {", "  OBJECT: '['"))
    case(g, "monster-inventory-object-with-coord",
         Z("MONSTER: 'd', (1,1) {", "  OBJECT: '[', (1,1)", "}"))
    for name, info in [
        ("curse", "cursed"), ("montype", 'montype: "jackal"'), ("spe", "3"),
        ("name", 'name: "x"'), ("quantity", "quantity: 2"), ("buried", "buried"),
        ("erodeproof", "erodeproof"), ("locked", "locked"), ("broken", "broken"),
        ("coord", "(2,2)"),
    ]:
        case(g, f"object-info-{name}-twice", Z(f"OBJECT: '[', (1,1), {info}, {info}"))
    case(g, "object-info-door-state", Z("OBJECT: '(', (1,1), open"))
    case(g, "object-info-montype-unknown", Z('OBJECT: \'%\', (1,1), montype: "jackall"'))
    case(g, "object-info-unknown-word", Z("OBJECT: '[', (1,1), shiny"))
    case(g, "object-without-coord", Z("OBJECT: '['"))
    case(g, "object-in-container-with-coord",
         Z('CONTAINER: "chest", (1,1) {', "  OBJECT: '!', (2,2)", "}"))
    case(g, "container-without-block", Z('CONTAINER: "chest", (1,1)'))
    case(g, "container-unclosed", lines('MAZE: "t", random', 'CONTAINER: "chest", (1,1) {',
                                        "  OBJECT: '!'"))

    # Things named in other forms.
    case(g, "thing-class-name-unterminated", Z("MONSTER: ('d', \"jackal\", (1,1)"))
    case(g, "thing-class-name-reversed", Z("MONSTER: (\"jackal\", 'd'), (1,1)"))
    case(g, "thing-object-class-name-unknown", Z("OBJECT: ('9', \"dagger\"), (1,1)"))

    # Selections.
    for name, sel in [
        ("rect-missing-region", "rect"),
        ("rect-bad-region", "rect (1,1,5)"),
        ("rect-start-after-end", "rect (5,5,1,1)"),
        ("fillrect-missing-region", "fillrect"),
        ("line-one-point", "line (1,1)"),
        ("line-without-comma", "line (1,1) (2,2)"),
        ("randline-missing-roughness", "randline (1,1),(5,5)"),
        ("randline-roughness-string", 'randline (1,1),(5,5), "x"'),
        ("grow-without-parens", "grow (1,1)"),
        ("grow-bad-direction", "grow(up, (1,1))"),
        ("grow-unclosed", "grow(north, (1,1)"),
        ("filter-percent-without-selection", "filter(50%)"),
        ("filter-chance-brackets", "filter([50%], (1,1))"),
        ("filter-mapchar-unknown", "filter('Q', rect (1,1,5,5))"),
        ("filter-empty", "filter()"),
        ("floodfill-missing-coord", "floodfill"),
        ("floodfill-out-of-map", "floodfill (90,1)"),
        ("circle-missing-radius", "circle((1,1))"),
        ("circle-bad-filling", "circle((1,1), 3, irregular)"),
        ("circle-unclosed", "circle((1,1), 3"),
        ("ellipse-one-radius", "ellipse((1,1), 3)"),
        ("ellipse-extra-argument", "ellipse((1,1), 3, 2, filled, 1)"),
        ("gradient-bad-type", "gradient(round, (1 - 5), (3,3))"),
        ("gradient-range-without-minus", "gradient(radial, (5), (3,3))"),
        ("gradient-bad-limited", "gradient(radial, (1 - 5, limitless), (3,3))"),
        ("gradient-missing-center", "gradient(radial, (1 - 5))"),
        ("complement-missing-term", "complement"),
        ("and-missing-term", "(1,1) &"),
        ("parens-unclosed", "((1,1) & (2,2)"),
        ("rndcoord-coordinate", "rndcoord (1,1)"),
        ("random-humidity-unclosed", "random[dry"),
        ("random-humidity-empty", "random[]"),
    ]:
        case(g, f"selection-{name}", Z(f"TERRAIN: {sel}, '.'"))
    # lev_comp warns of a humidity flag given again (its bits change
    # nothing).
    case(g, "coord-humidity-flag-twice", Z("OBJECT: random, random[dry, wet, dry]"))

    # Expressions.
    for name, e in [
        ("trailing-operator", "1 +"),
        ("double-operator", "1 * * 2"),
        ("unclosed-parens", "(1 + 2"),
        ("negative-without-parens", "2 * -1"),
        ("string", '"many"'),
        ("dice-past-int", "4294967297d6"),
        ("compare", "1 < 2"),
    ]:
        case(g, f"expression-{name}", Z(f"GOLD: {e}, (1,1)"))
    case(g, "expression-nested-too-deeply",
         Z("$x = 1" + "+1" * 16385))
    case(g, "expression-yacc-stack-overflow", Z("$x = " + "(" * 501 + "1" + ")" * 501))
    case(g, "expression-percent-past-int", Z("[4294967346%]: FOUNTAIN: (1,1)"))

    # Variables.
    case(g, "var-undefined", Z("FOUNTAIN: $nowhere"))
    case(g, "var-redefined-as-other-type", Z("$x = 5", '$x = "five"'))
    case(g, "var-used-as-other-type", Z('$x = "five"', "GOLD: $x, (1,1)"))
    case(g, "var-coordinate-as-region", Z("$c = (1,1)", "NON_DIGGABLE: $c"))
    case(g, "var-region-as-selection", Z("$r = (1,1,5,5)", "FOUNTAIN: $r"))
    case(g, "var-index-of-non-array", Z("$x = 5", "GOLD: $x[0], (1,1)"))
    case(g, "var-index-of-scalar-made-array-by-scanner",
         Z("$x = 5", "$x = { 1, 2 }", "GOLD: $x[0], (1,1)"))
    case(g, "var-array-without-index", Z("$a = { 1, 2 }", "GOLD: $a, (1,1)"))
    case(g, "var-array-index-missing", Z("$a = { 1, 2 }", "GOLD: $a[], (1,1)"))
    case(g, "var-array-index-unclosed", Z("$a = { 1, 2 }", "GOLD: $a[0, (1,1)"))
    case(g, "var-array-element-as-other-type", Z("$a = { 1, 2 }", "FOUNTAIN: $a[0]"))
    case(g, "var-monster-without-prefix", Z("$m = monster: 'd'", "$n = $m"))
    case(g, "var-selection-without-prefix", Z("$s = selection: (1,1)", "$t = $s"))
    case(g, "var-mapchar-list-with-variable", Z("$c = terrain: '.'", "$l = terrain: { $c, 'L' }"))
    case(g, "var-list-of-selections", Z("$s = selection: (1,1)", "$l = { $s }"))
    case(g, "var-list-mixed", Z('$l = { 1, "two" }'))
    case(g, "var-list-of-undefined", Z("$l = { $u }"))
    case(g, "var-list-empty", Z("$l = { }"))
    case(g, "var-list-unclosed", Z("$l = { 1, 2"))
    case(g, "var-assign-nothing", Z("$x ="))
    case(g, "var-without-assignment", Z("$x 5"))
    case(g, "var-typed-unknown-prefix", Z("$x = trap: 'd'"))
    case(g, "var-monster-list-unknown", Z("$m = monster: { 'd', \"jackall\" }"))
    case(g, "var-object-list-class-unknown", Z("$o = object: { '9' }"))
    case(g, "var-terrain-unknown", Z("$c = terrain: 'Q'"))
    case(g, "var-selection-missing", Z("$s = selection:"))
    case(g, "var-shuffle-missing", Z("SHUFFLE:"))
    case(g, "var-shuffle-not-a-variable", Z("SHUFFLE: 5"))
    case(g, "var-string-concat-non-string", Z("$x = 5", 'MESSAGE: "a" . $x'))
    case(g, "var-string-concat-trailing-dot", Z('MESSAGE: "a" .'))
    case(g, "var-types-reset-by-level",
         lines('MAZE: "a", random', "$x = 5", 'MAZE: "b", random', "GOLD: $x, (1,1)"))

    # Control flow.
    case(g, "control-break-outside-a-block", Z("BREAK"))
    case(g, "control-break-in-if", Z("IF [1 == 1] {", "  BREAK", "}"))
    case(g, "control-nested-switch",
         Z("SWITCH [2] {", "  CASE 0:", "    SWITCH [2] {", "      CASE 1: EXIT", "    }", "}"))
    case(g, "control-too-many-cases",
         Z("SWITCH [30] {", *(f"  CASE {i}: EXIT" for i in range(21)), "}"))
    case(g, "control-default-twice", Z("SWITCH [3] {", "  DEFAULT: EXIT", "  DEFAULT: EXIT", "}"))
    case(g, "control-case-outside-switch", Z("CASE 1: EXIT"))
    case(g, "control-default-outside-switch", Z("DEFAULT: EXIT"))
    case(g, "control-case-without-value", Z("SWITCH [3] {", "  CASE: EXIT", "}"))
    case(g, "control-case-without-colon", Z("SWITCH [3] {", "  CASE 1 EXIT", "}"))
    case(g, "control-switch-without-brackets", Z("SWITCH 3 {", "  CASE 1: EXIT", "}"))
    case(g, "control-switch-unclosed", lines('MAZE: "t", random', "SWITCH [3] {",
                                             "  CASE 1: EXIT"))
    case(g, "control-switch-statement-before-case", Z("SWITCH [3] {", "  EXIT", "}"))
    nested_for = "".join(f"FOR $i{chr(97 + i)} = 1 TO 2 {{\n" for i in range(21))
    case(g, "control-for-nested-too-deeply",
         lines('MAZE: "t", random') + nested_for + "EXIT\n" + "}\n" * 21)
    # Twenty FOR loops around twenty-one IFs: lev_comp counts them apart,
    # and only the twenty-first IF is too deep.
    case(g, "control-if-nested-too-deeply-inside-for-loops",
         lines('MAZE: "t", random') + nested_for[: -len("FOR $iu = 1 TO 2 {\n")]
         + "IF [1 == 1] {\n" * 21 + "EXIT\n" + "}\n" * 41)
    # 3.6.7's variables hold no digit: the loop fails at `0`, and the
    # definition its recovery reads from `$i` fails there too (one error).
    case(g, "control-for-variable-with-digit",
         Z("FOR $i0 = 1 TO 2 {", "  EXIT", "}"))
    nested_if = "IF [1 == 1] {\n" * 21
    case(g, "control-if-nested-too-deeply",
         lines('MAZE: "t", random') + nested_if + "EXIT\n" + "}\n" * 21)
    nested_loop = "LOOP [2] {\n" * 21
    case(g, "control-loop-nested-too-deeply",
         lines('MAZE: "t", random') + nested_loop + "EXIT\n" + "}\n" * 21)
    case(g, "control-chance-nested-too-deeply",
         lines('MAZE: "t", random') + nested_if[: 14 * 20] + "[50%]: [50%]: EXIT\n" + "}\n" * 20)
    case(g, "control-if-without-condition", Z("IF {", "  EXIT", "}"))
    case(g, "control-if-without-block", Z("IF [1 == 1] EXIT"))
    case(g, "control-if-unclosed", lines('MAZE: "t", random', "IF [1 == 1] {", "  EXIT"))
    case(g, "control-percent-past-100", Z("IF [101%] {", "}"))
    case(g, "control-if-compare-without-right", Z("IF [1 ==] {", "}"))
    case(g, "control-if-percent-and-compare", Z("IF [50% == 1] {", "}"))
    case(g, "control-else-without-if", Z("ELSE {", "}"))
    case(g, "control-else-without-block", Z("IF [1 == 1] {", "} ELSE EXIT"))
    case(g, "control-stray-close-brace", Z("}"))
    case(g, "control-chance-without-statement", Z("[50%]:"))
    case(g, "control-chance-without-colon", Z("[50%] EXIT"))
    case(g, "control-for-without-to", Z("FOR $i = 1 2 {", "}"))
    case(g, "control-for-without-variable", Z("FOR = 1 TO 2 {", "}"))
    case(g, "control-for-without-block", Z("FOR $i = 1 TO 2 EXIT"))
    case(g, "control-for-variable-redefined", Z('$i = "x"', "FOR $i = 1 TO 2 {", "}"))
    case(g, "control-loop-without-count", Z("LOOP {", "  EXIT", "}"))
    case(g, "control-loop-count-unclosed", Z("LOOP [2 {", "  EXIT", "}"))
    case(g, "control-function", Z("FUNCTION f() {", "}"))

    # Levels and order.
    case(g, "level-statement-before-level", lines("FOUNTAIN: (1,1)", 'LEVEL: "t"'))
    case(g, "level-flags-after-contents", Z("FOUNTAIN: (1,1)", "FLAGS: noteleport"))
    case(g, "level-level-in-a-block", Z("IF [1 == 1] {", '  LEVEL: "u"', "}"))
    case(g, "level-defined-twice", lines('LEVEL: "t"', 'LEVEL: "t"'))
    case(g, "level-only-junk", "junk\n")
    case(g, "level-several-syntax-errors", Z("FOUNTAIN: 1", "MONSTER: 'd'", "TRAP: , (1,1)"))

    # Rooms.
    case(g, "room-flags-written-from-alignment",
         L('ROOM: "ordinary", lit, (1,1), (center,bottom), (5,5), unfilled {', "}"))
    case(g, "room-without-block", L('ROOM: "ordinary", lit, (1,1), (center,top), (5,5)'))
    case(g, "room-unclosed", lines('LEVEL: "r"', 'ROOM: "ordinary", lit, random, random, random {'))
    case(g, "room-flags-irregular-joined",
         L('ROOM: "ordinary", lit, (1,1), (center,top), (5,5), irregular, joined {', "}"))
    case(g, "room-door-random-wall", R("ROOMDOOR: false, closed, random, 2"))
    case(g, "room-random-corridors-count", L("RANDOM_CORRIDORS: 3", "RANDOM_CORRIDORS: random",
                                             "RANDOM_CORRIDORS: lit"))
    case(g, "room-corridor-to-number", L("CORRIDOR: (0, south, 0), \"x\""))
    case(g, "room-corridor-door-wrong-kind", L("CORRIDOR: (0, south, lit), 1"))

    # Maps.
    case(g, "map-too-wide", lines('LEVEL: "t"', "GEOMETRY:center,center", "MAP", "." * 77,
                                  "ENDMAP"))
    case(g, "map-too-high", lines('LEVEL: "t"', "GEOMETRY:center,center", "MAP",
                                  *repeated("...", 22), "ENDMAP"))
    case(g, "map-unterminated", lines('LEVEL: "t"', "GEOMETRY:center,center", "MAP", "..."))
    case(g, "map-without-geometry", lines('LEVEL: "t"', "MAP", "...", "ENDMAP"))
    case(g, "map-geometry-at-coordinate", lines('LEVEL: "t"', "GEOMETRY:(90,1)", "MAP", "...",
                                                "ENDMAP"))
    case(g, "map-geometry-fill-flag", lines('LEVEL: "t"', "GEOMETRY:center,center,lit", "MAP",
                                            "...", "ENDMAP"))
    case(g, "map-coordinates-checked-against-level", P("FOUNTAIN: (9,9)", "FOUNTAIN: (80,0)"))

    # Scanner.
    case(g, "scan-stray-character", Z("FOUNTAIN: (1,1) @"))
    case(g, "scan-comment-without-newline", Z("FOUNTAIN: (1,1)").encode() + b"# last line")
    case(g, "scan-nul-byte", Z("FOUNTAIN: (1,1)").encode() + b"\0FOUNTAIN: (99,9)\n")
    case(g, "scan-byte-over-7f", Z("FOUNTAIN: (1,1)").encode() + b"\xe9FOUNTAIN: (99,9)\n")
    case(g, "scan-number-past-int", Z("GOLD: 4294967306, (1,1)"))
    case(g, "scan-unknown-word", Z("FOUNTAIN: (1,1) randomly"))
    case(g, "scan-none", Z("FOUNTAIN: none"))
    case(g, "scan-variable-without-name", Z("$ = 5"))


# ---------------------------------------------------------------------
# NetHack 3.4.3 dungeon.def
# ---------------------------------------------------------------------

DUNGEON = 'DUNGEON: "The Dungeons of Doom" "D" (25, 5)'
ORACLE = 'LEVEL: "oracle" "O" @ (5, 5)'


def dungeon(*stmts):
    """A dungeon with one level (`oracle`), then `stmts`."""
    return lines(DUNGEON, ORACLE, *stmts)


def wrong_dungeon(kind):
    return {
        "str": "1",
        "int": '"x"',
        "couple": "(1)",
        "at": "@ 5",
        "chain-at": "+ 5",
        "desc": "up",
        "branch-type": "1",
        "up-down": "portal",
    }.get(kind, "1")


def unterminated_dungeon(arg):
    if arg.kind == "str":
        return '"' + arg.text.strip('"')
    if arg.kind in ("couple", "at", "chain-at"):
        return arg.text[:-1]
    return None


def dungeon_forms():
    D = dungeon
    # A chained level's chain must not be the dungeon's first level (see
    # `chainlevel-to-first-level-of-dungeon`): `bigrm` is the second.
    C = lambda s: dungeon('LEVEL: "bigrm" "B" @ (10, 3)', s)
    name = lambda t, **bad: Arg("name", t, "str", bad)
    bones = lambda t='"none"': Arg("bones", t, "str", {"two-chars": '"XY"', "empty": '""'})
    forms = [
        Form("dungeon", "DUNGEON:", [
            name('"Gehennom"', **{"too-long": '"' + "G" * 24 + '"'}),
            bones('"G"'),
            Arg("depth", "(20, 5)", "couple", {"base-out-of-range": "(40, 5)",
                                               "range-past-16-bits": "(20, 40000)"}),
            Arg("chance", "50", "int", optional=True),
        ], lambda s: lines(DUNGEON, ORACLE, s, 'LEVEL: "valley" "V" @ (1, 0)'), sep=" "),
        Form("entry", "ENTRY:", [Arg("level", "-1", "int", {"past-int": "-99999999999"})], D,
             sep=" "),
        Form("protofile", "PROTOFILE:", [Arg("file", '"tower"', "str")], D, sep=" "),
        Form("description", "DESCRIPTION:", [
            Arg("desc", "mazelike", "desc", {"town": "town", "alignment": "lawful"}),
        ], D, sep=" "),
        Form("alignment", "ALIGNMENT:", [
            Arg("align", "lawful", "desc", {"description": "hellish"}),
        ], D, sep=" "),
        Form("leveldesc", "LEVELDESC:", [
            Arg("desc", "town", "desc", {"alignment": "chaotic"}),
        ], D, sep=" "),
        Form("levalign", "LEVALIGN:", [
            Arg("align", "chaotic", "desc", {"description": "roguelike"}),
        ], D, sep=" "),
        Form("level", "LEVEL:", [
            name('"minetn"', **{"too-long": '"' + "m" * 24 + '"'}),
            bones('"T"'),
            Arg("at", "@ (5, 2)", "at", {"base-out-of-range": "@ (33, 0)",
                                         "range-out-of-range": "@ (30, 5)",
                                         "negative-range": "@ (-5, 9)",
                                         "range-below-minus-one": "@ (5, -2)"}),
            Arg("chance", "50", "int", optional=True),
        ], D, sep=" "),
        Form("rndlevel", "RNDLEVEL:", [
            name('"bigrm"'),
            bones('"B"'),
            Arg("at", "@ (10, 3)", "at"),
            Arg("count", "5", "int"),
        ], D, sep=" ", extra="up"),
        Form("chainlevel", "CHAINLEVEL:", [
            name('"sanctum"', **{"duplicate": '"oracle"'}),
            bones(),
            Arg("chain", '"bigrm"', "str", {"unknown": '"nowhere"'}),
            Arg("at", "+ (1, 0)", "chain-at", {"base-out-of-range": "+ (-33, 0)"}),
            Arg("chance", "50", "int", optional=True),
        ], C, sep=" "),
        Form("rndchlevel", "RNDCHLEVEL:", [
            name('"sanctum"'),
            bones(),
            Arg("chain", '"bigrm"', "str", {"unknown": '"nowhere"'}),
            Arg("at", "+ (1, 0)", "chain-at"),
            Arg("count", "2", "int"),
        ], C, sep=" ", extra="up"),
        Form("branch", "BRANCH:", [
            Arg("dest", '"Gnomish Mines"', "str", {"too-long": '"' + "M" * 24 + '"'}),
            Arg("at", "@ (2, 3)", "at", {"base-out-of-range": "@ (40, 3)"}),
            Arg("type", "portal", "branch-type", optional=True),
            Arg("dir", "up", "up-down", optional=True),
        ], D, sep=" "),
        Form("chainbranch", "CHAINBRANCH:", [
            Arg("dest", '"Gehennom"', "str"),
            Arg("chain", '"oracle"', "str", {"unknown": '"nowhere"'}),
            Arg("at", "+ (1, 0)", "chain-at", {"base-out-of-range": "+ (99, 0)"}),
            Arg("type", "no_down", "branch-type", optional=True),
            Arg("dir", "down", "up-down", optional=True),
        ], D, sep=" "),
    ]
    for f in forms:
        f.colon = f.name in {"dungeon", "level", "description", "branch"}
    return forms


def dungeon_cases():
    g = "dungeon"
    generate_forms(g, dungeon_forms(), wrong_dungeon, unterminated_dungeon, "7")
    D = dungeon

    # Punctuation of the level forms.
    case(g, "level-without-at", D('LEVEL: "minetn" "T" (5, 2)'))
    case(g, "chainlevel-with-at", D('CHAINLEVEL: "sanctum" "none" "oracle" @ (1, 0)'))
    case(g, "branch-with-plus", D('BRANCH: "Gnomish Mines" + (2, 3)'))
    case(g, "couple-without-comma", D('LEVEL: "minetn" "T" @ (5 2)'))
    case(g, "couple-three-numbers", D('LEVEL: "minetn" "T" @ (5, 2, 1)'))
    case(g, "rndlevel-without-count", D('RNDLEVEL: "bigrm" "B" @ (10, 3)'))
    case(g, "rndlevel-with-chance", D('RNDLEVEL: "bigrm" "B" @ (10, 3) 40 5', "LEVELDESC: lawful"))
    case(g, "rndchlevel-without-count", D('LEVEL: "bigrm" "B" @ (10, 3)',
                                          'RNDCHLEVEL: "x" "none" "bigrm" + (1, 0)'))
    case(g, "rndlevel-three-numbers", D('RNDLEVEL: "bigrm" "B" @ (10, 3) 40 5 1'))
    case(g, "branch-type-and-dir-swapped", D('BRANCH: "Gnomish Mines" @ (2, 3) up portal'))
    case(g, "number-past-int", D('LEVEL: "minetn" "T" @ (5, 99999999999)'))

    # Scanner.
    case(g, "scan-stray-character", D("LEVELDESC: town ;"))
    case(g, "scan-lowercase-keyword", D('level: "minetn" "T" @ (5, 2)'))
    case(g, "scan-only-junk", "junk\n")
    case(g, "scan-high-byte-ends-input", D('LEVEL: "minetn" "T" @ (5, 2)').encode()
         + b"\xe9 junk\nLEVEL: \"x\" \"X\" @ (6, 2)\n")
    case(g, "scan-comment-not-at-line-start", D('  # indented'))
    case(g, "scan-several-syntax-errors", D('LEVEL: "a" @ (1, 0)', "ENTRY:", "BRANCH: 1"))

    # Order and the dungeon table.
    case(g, "no-dungeon", lines("# nothing but comments", "# here"))
    case(g, "empty-file", "")
    case(g, "level-before-dungeon", lines(ORACLE, DUNGEON))
    case(g, "chainlevel-before-dungeon", lines('CHAINLEVEL: "a" "none" "b" + (1, 0)', DUNGEON))
    case(g, "branch-before-dungeon", lines('BRANCH: "Mines" @ (2, 3)', DUNGEON))
    case(g, "entry-before-dungeon", lines("ENTRY: 1", DUNGEON))
    case(g, "protofile-before-dungeon", lines('PROTOFILE: "x"', DUNGEON))
    case(g, "too-many-dungeons",
         lines(*(f'DUNGEON: "d{i}" "none" (1, 0)' for i in range(17))))
    case(g, "too-many-levels",
         lines(DUNGEON, *(f'LEVEL: "l{i}" "none" @ (1, 0)' for i in range(51))))
    case(g, "too-many-branches",
         lines(DUNGEON, *(f'BRANCH: "b{i}" @ (1, 0)' for i in range(33))))
    case(g, "protofile-twice", D('PROTOFILE: "longername"', 'PROTOFILE: "short"'))
    case(g, "protofile-twice-same-length", D('PROTOFILE: "abc"', 'PROTOFILE: "xyz"'))
    case(g, "leveldesc-before-any-level", lines(DUNGEON, "LEVELDESC: town"))
    case(g, "levalign-before-any-level", lines(DUNGEON, "LEVALIGN: lawful"))
    case(g, "leveldesc-of-previous-dungeon",
         lines(DUNGEON, ORACLE, 'DUNGEON: "Gehennom" "G" (20, 5)', "LEVELDESC: hellish"))
    case(g, "chainlevel-same-name-as-chain", D('CHAINLEVEL: "sanctum" "none" "sanctum" + (1, 0)'))
    case(g, "chainlevel-to-first-level-of-dungeon",
         lines(DUNGEON, ORACLE, 'LEVEL: "bigrm" "B" @ (10, 3)',
               'CHAINLEVEL: "x" "none" "oracle" + (1, 0)'))
    case(g, "chainlevel-from-probabilistic",
         D('LEVEL: "prob" "none" @ (10, 0) 50', 'CHAINLEVEL: "c" "none" "prob" + (1, 0)'))
    case(g, "chainlevel-in-other-dungeon",
         lines(DUNGEON, ORACLE, 'DUNGEON: "Gehennom" "G" (20, 5)', 'LEVEL: "valley" "V" @ (1, 0)',
               'CHAINLEVEL: "c" "none" "oracle" + (1, 0)'))
    case(g, "chainbranch-from-probabilistic",
         D('LEVEL: "prob" "none" @ (10, 0) 50', 'CHAINBRANCH: "Mines" "prob" + (1, 0)'))
    case(g, "chainbranch-from-probabilistic-other-slot",
         lines(DUNGEON, ORACLE, 'DUNGEON: "Gehennom" "G" (20, 5)',
               'LEVEL: "prob" "none" @ (10, 0) 50', 'CHAINBRANCH: "Mines" "prob" + (1, 0)'))
    case(g, "branch-checked-against-slot-of-earlier-branch",
         lines(DUNGEON, ORACLE, 'LEVEL: "prob" "none" @ (10, 0) 50', 'BRANCH: "A" @ (1, 0)',
               'CHAINBRANCH: "B" "prob" + (1, 0)', 'DUNGEON: "Gehennom" "G" (20, 5)',
               'LEVEL: "valley" "V" @ (1, 0)', 'BRANCH: "C" @ (1, 0)'))
    case(g, "branch-reverse",
         lines(DUNGEON, ORACLE, 'DUNGEON: "Gehennom" "G" (20, 5)',
               'LEVEL: "valley" "V" @ (1, 0)', 'BRANCH: "The Dungeons of Doom" @ (1, 0) up'))
    case(g, "name-with-nul", D().encode() + b'LEVEL: "a\0b" "none" @ (1, 0)\n')

    # makedefs -e.
    case(g, "pre-unknown-control", D("%NOSUCH LEVELDESC: town"))
    case(g, "pre-control-runs-on", D('%REINCARNATIONLEVEL: "rogue" "R" @ (15, 4)'))
    case(g, "pre-undefined-control-with-error",
         lines("# options: undefine=REINCARNATION", DUNGEON, ORACLE,
               '%REINCARNATION LEVEL: "rogue" "R" @ (15, 4)', "LEVEL: broken"))
    case(g, "pre-defined-feature", lines("# options: define=WIZARD", DUNGEON, ORACLE,
                                         "%WIZARD LEVEL: 1"))
    case(g, "pre-nul-byte", D().encode() + b"LEVELDESC: town\0 junk\n")
    long_comment = "LEVELDESC: town " + " " * (255 - 16) + "# not a comment\n"
    case(g, "pre-long-line-piece-comment", D() + long_comment)
    long_control = "LEVELDESC: town " + " " * (255 - 16) + "%NOSUCH\n"
    case(g, "pre-long-line-piece-control", D() + long_control)
    case(g, "pre-36-long-line", lines("# options: game=nethack-3.6.7", DUNGEON, ORACLE,
                                      "# " + "x" * 260, 'LEVEL: "lost" "L" @ (1, 0)'))
    case(g, "pre-36-percent-line", lines("# options: game=nethack-3.6.7", DUNGEON, ORACLE,
                                         '%REINCARNATION LEVEL: "rogue" "R" @ (15, 4)'))
    case(g, "pre-36-nul-byte", ("# options: game=nethack-3.6.7\n" + D()).encode()
         + b"LEVELDESC: town\0 junk\n")


# ---------------------------------------------------------------------
# main
# ---------------------------------------------------------------------

def game_cases():
    """Cases of the games other than the built-in ones (their identity
    files, `# options: game=…`: SLASH'EM's, dNetHack's, notnotdNetHack's
    extensions, a 3.4.3 built without SINKS), and map rows the lexer
    breaks."""
    case("nh36", "random-vault-carried-over-evilhack", lines(
             '# options: game=evilhack-0.9.3',
             'MAZE: "v1", random',
             'FLAGS: rndvault',
             'VAULTGEN: 3',
             'MAZE: "v2", random',
             'LEVEL: "v3"',
             'MAZE: "v4", random'))
    case("nh36", "vault-numbers-outside-a-random-vault-evilhack", lines(
             '# options: game=evilhack-0.9.3',
             'MAZE: "v", \' \'',
             'VAULTGEN: 5',
             'MINDEPTH: 2'))
    case("nh36", "vault-numbers-not-positive-evilhack", lines(
             '# options: game=evilhack-0.9.3',
             'MAZE: "v", \' \'',
             'FLAGS: rndvault',
             'VAULTGEN: 0',
             'MINDEPTH: 0',
             'DOOR: bronze, locked, (1,1)',
             'DOOR: silver, locked, (2,2)'))
    case("nh36", "function-errors-unnethack", lines(
             '# options: game=unnethack-5.3.2',
             'FUNCTION f($a:int) { MESSAGE: "f" }',
             'FUNCTION f() { MESSAGE: "again" }',
             'FUNCTION g($b:rnd) { FUNCTION h() { EXIT } }',
             'LEVEL: "fun"',
             'f("text")',
             'nowhere(1)'))
    case("nh36", "core-function-errors-unnethack", lines(
             '# options: game=unnethack-5.3.2',
             'LEVEL: "core"',
             '$n = rnd()',
             '$m = time.night(1)',
             '$x = $unknown.x + 1',
             '$y = $n.x'))
    case("nh36", "function-null-string-unnethack", lines(
             '# options: game=unnethack-5.3.2',
             'FUNCTION f() { GRAVE: (1,1), random }',
             'LEVEL: "crash"',
             'f()'))
    case("nh36", "include-unnethack", lines(
             '# options: game=unnethack-5.3.2',
             'INCLUDE "functions.des"',
             'LEVEL: "i"',
             'INCLUDE "late.des"'))
    case("nh36", "level-name-counter-bad-unnethack", lines(
             '# options: game=unnethack-5.3.2',
             'LEVEL: "v-%d"'))
    # SporkHack's early opcode language: SPILL and MON_GENERATION checks.
    case("nh36", "spill-checks-sporkhack", lines(
             '# options: game=sporkhack-0.7.0',
             'LEVEL: "s"',
             'SPILL: (1,1), \'Q\', west, 2',
             'SPILL: (2,2), (\'L\', lit), north, 0'))
    case("nh36", "mon-generation-unknown-sporkhack", lines(
             '# options: game=sporkhack-0.7.0',
             'LEVEL: "g"',
             'MON_GENERATION: 50%, (80, \'S\'), (10, \'5\'), (1, "vampire mole")'))
    case("nh36", "variable-copy-sporkhack", lines(
             '# options: game=sporkhack-0.7.0',
             'LEVEL:"c"',
             '$a = 3',
             '$a = $a',
             '$b = $nothing',
             '$c = (1,2)',
             '$a = $c'))
    case("nh36", "wallwalk-chance-sporkhack", lines(
             '# options: game=sporkhack-0.7.0',
             'LEVEL:"w"',
             'WALLWALK:(1,1),\'.\',150%',
             'TOPOLOGIZE:(2,2)'))
    case("nh36", "random-vault-kept-sporkhack", lines(
             '# options: game=sporkhack-0.7.0',
             'LEVEL:"v1"',
             'FLAGS:rndvault',
             'VAULTGEN:7',
             'LEVEL:"v2"',
             'MESSAGE:"listed too"'))
    # SporkHack's limits and checks that 3.6.7's lev_comp does not have:
    # 20 BREAKs a SWITCH, a room flag's bits once, chances after keywords
    # only (and past 20 conditionals in its words).
    case("nh36", "switch-too-many-breaks-sporkhack", lines(
             '# options: game=sporkhack-0.7.0',
             'LEVEL:"b"',
             'SWITCH [3] {',
             'CASE 1:') + "  BREAK\n" * 21 + "}\n")
    case("nh36", "room-flag-twice-sporkhack", lines(
             '# options: game=sporkhack-0.7.0',
             'LEVEL:"r"',
             'ROOM:"ordinary",lit,(3,3),(center,center),(5,5),unfilled,irregular,unfilled {',
             '}',
             'ROOM:"ordinary",lit,(1,1),(center,center),(5,5),filled,filled {',
             '}'))
    case("nh36", "chance-statement-sporkhack", lines(
             '# options: game=sporkhack-0.7.0',
             'LEVEL:"c"',
             '[50%]: MONSTER: "newt", random'))
    case("nh36", "keyword-chance-nested-too-deeply-sporkhack", lines(
             '# options: game=sporkhack-0.7.0',
             'LEVEL:"k"') + "IF [50%] {\n" * 20 + 'MONSTER[50%]: "newt", random\n' + "}\n" * 20)
    case("nh343", "altar-god-unknown-notnotdnethack", lines(
             '# options: game=notnotdnethack-2025.05.16',
             'MAZE: "altars", \' \'',
             'GEOMETRY: center, center',
             'MAP',
             '...',
             'ENDMAP',
             'ALTAR: (0,0), law, altar, "Quetzalcoatl"',
             'ALTAR: (1,0), law, altar, "Quetzlcoatl"',
             'FORGE: (2,0)'))
    case("nh343", "coordinate-misspelt-slashem", lines(
             '# options: game=slashem-0.0.7E7F3',
             'MAZE: "test", \' \'',
             'GEOMETRY: center, center',
             'MAP',
             '.....',
             '.....',
             'ENDMAP',
             "OBJECT: '(', random, regoin[0]"))
    case("nh343", "door-key-not-a-string-slashem", lines(
             '# options: game=slashem-0.0.7E7F3',
             'MAZE: "tower", \' \'',
             'GEOMETRY: center, center',
             'MAP',
             '|+|',
             'ENDMAP',
             'DOOR: locked, (1,0), 3'))
    case("nh343", "door-key-undefined-slashem", lines(
             '# options: game=slashem-0.0.7E7F3',
             'MAZE: "tower", \' \'',
             'GEOMETRY: center, center',
             'MAP',
             '|+|',
             'ENDMAP',
             'DOOR: locked, (1,0), "The Key of Chaos"',
             'DOOR: locked, (1,0), "The Key of Chaso"'))
    case("nh343", "door-text-not-a-number-dnethack", lines(
             '# options: game=dnethack-3.18.0',
             'MAZE: "door", \' \'',
             'GEOMETRY: center, center',
             'MAP',
             '|+|',
             'ENDMAP',
             'DOOR: locked, (1,0), 3',
             'DOOR: locked, (1,0), "three"'))
    case("nh343", "map-char-disabled-nosinks", lines(
             '# options: game=nethack-3.4.3-nosinks',
             'MAZE: "sinks", \'K\'',
             "INIT_MAP: '.', 'K', true, false, lit, false",
             'GEOMETRY: center, center',
             'MAP',
             '-----',
             '|.K.|',
             '1.K.2',
             '-----',
             'ENDMAP'))
    case("nh343", "map-char-invalid-dnethack", lines(
             '# options: game=dnethack-3.18.0',
             'MAZE: "stone", \' \'',
             'GEOMETRY: center, center',
             'MAP',
             '------',
             '|.N,.|',
             '1..Y.2',
             '------',
             'ENDMAP'))
    case("nh343", "map-row-bad-character", lines(
             'MAZE: "t", \' \'',
             'GEOMETRY: center, center',
             'MAP',
             '---',
             '|X|',
             '---',
             'ENDMAP'))
    case("nh343", "map-row-forge-notnotdnethack", lines(
             '# options: game=notnotdnethack-2025.05.16',
             'MAZE: "forge", \' \'',
             'GEOMETRY: center, center',
             'MAP',
             '---',
             '|O|',
             '---',
             'ENDMAP'))
    case("nh343", "object-named-externally-parsed-dnethack", lines(
             '# options: game=dnethack-3.18.0',
             'MAZE: "named", \' \'',
             'GEOMETRY: center, center',
             'MAP',
             '...',
             'ENDMAP',
             'OBJECT: \'#\', "color_white thoroughly rotted imperial elven helm", (0,0)',
             'OBJECT: \'#\', "rusty long sword", (1,0), blessed, 0, "Sting"'))
    case("nh343", "objflags-no-object-slashem", lines(
             '# options: game=slashem-0.0.7E7F3',
             'MAZE: "test", \' \'',
             'GEOMETRY: center, center',
             'MAP',
             '.....',
             '.....',
             'ENDMAP',
             'OBJFLAGS: o_lit'))
    case("nh343", "place-in-list-register-overflow-slashem", lines(
             '# options: game=slashem-0.0.7E7F3',
             'MAZE: "test", \' \'',
             'GEOMETRY: center, center',
             'MAP',
             '.....',
             '.....',
             'ENDMAP',
             'RANDOM_PLACES[0]: (1,1)',
             "MONSTER: 'a', random, place[0][10]"))
    case("nh343", "place-list-already-initialized-slashem", lines(
             '# options: game=slashem-0.0.7E7F3',
             'MAZE: "test", \' \'',
             'GEOMETRY: center, center',
             'MAP',
             '.....',
             '.....',
             'ENDMAP',
             'RANDOM_PLACES[0]: (1,1), none',
             'RANDOM_PLACES[0]: (0,0)'))
    case("nh343", "place-list-out-of-order-slashem", lines(
             '# options: game=slashem-0.0.7E7F3',
             'MAZE: "test", \' \'',
             'GEOMETRY: center, center',
             'MAP',
             '.....',
             '.....',
             'ENDMAP',
             'RANDOM_PLACES: (1,1), none',
             'RANDOM_PLACES[2]: (0,0)'))
    case("nh343", "place-list-register-overflow-slashem", lines(
             '# options: game=slashem-0.0.7E7F3',
             'MAZE: "test", \' \'',
             'GEOMETRY: center, center',
             'MAP',
             '.....',
             '.....',
             'ENDMAP',
             'RANDOM_PLACES: (1,1)',
             'RANDOM_PLACES[10]: (1,1)'))
    case("nh343", "random-region-too-many-slashem", lines(
             '# options: game=slashem-0.0.7E7F3',
             'MAZE: "test", \' \'',
             'GEOMETRY: center, center',
             'MAP',
             '.....',
             '.....',
             'ENDMAP',
             'RANDOM_REGION[0]: (0,0,1,1), (0,0,0,0)',
             'RANDOM_REGION[1]: (0,0,1,1), (0,0,0,0)',
             'RANDOM_REGION[2]: (0,0,1,1), (0,0,0,0)',
             'RANDOM_REGION[3]: (0,0,1,1), (0,0,0,0)',
             'RANDOM_REGION[4]: (0,0,1,1), (0,0,0,0)',
             'RANDOM_REGION[5]: (0,0,1,1), (0,0,0,0)',
             'RANDOM_REGION[6]: (0,0,1,1), (0,0,0,0)',
             'RANDOM_REGION[7]: (0,0,1,1), (0,0,0,0)',
             'RANDOM_REGION[8]: (0,0,1,1), (0,0,0,0)',
             'RANDOM_REGION[9]: (0,0,1,1), (0,0,0,0)'))
    case("nh343", "random-region-wrong-number-slashem", lines(
             '# options: game=slashem-0.0.7E7F3',
             'MAZE: "test", \' \'',
             'GEOMETRY: center, center',
             'MAP',
             '.....',
             '.....',
             'ENDMAP',
             'RANDOM_REGION[0]: (0,0,1,1), (0,0,0,0)',
             'RANDOM_REGION[2]: (0,0,1,1), levregion(1,1,5,5)'))
    case("nh343", "region-register-overflow-slashem", lines(
             '# options: game=slashem-0.0.7E7F3',
             'MAZE: "test", \' \'',
             'GEOMETRY: center, center',
             'MAP',
             '.....',
             '.....',
             'ENDMAP',
             'RANDOM_REGION[0]: (0,0,1,1), (0,0,0,0)',
             "OBJECT: '(', random, region[0]",
             "OBJECT: '(', random, region[1]"))
    case("nh343", "room-position-out-of-map-dnethack", lines(
             '# options: game=dnethack-3.18.0',
             'LEVEL: "rooms"',
             'ROOM: "ordinary", lit, (40,10), (center,center), (5,4)',
             'ROOM: "ordinary", lit, (81,10), (center,center), (5,4)'))
    case("nh343", "sanity-flag-unknown-notnotdnethack", lines(
             '# options: game=notnotdnethack-2025.05.16',
             'MAZE: "sanity", \' \'',
             'GEOMETRY: center, center',
             'MAP',
             '-.-',
             'ENDMAP',
             'OBJECT: \')\', "long sword", (0,0) [skipcheck]',
             'MONSTER: \'d\', "jackal", (0,0) [noskipcheck]',
             'ENGRAVING: (0,0) [maybe], dust, "x"'))
    case("dungeon", "branch-entry-not-an-integer-slashem", lines(
             '# options: game=slashem-0.0.7E7F3',
             'DUNGEON: "The Dungeons of Doom" "D" (25, 5)',
             'BRANCH: "Vlad\'s Tower" @ (3, 2) up "x"'))
    case("dungeon", "dungeon-depth-invalid-notnotdnethack", lines(
             '# options: game=notnotdnethack-2025.05.16',
             'DUNGEON: "The Dungeons of Doom" "D" (0, 5)'))
    case("dungeon", "entry-obsolete-slashem", lines(
             '# options: game=slashem-0.0.7E7F3',
             'DUNGEON: "The Dungeons of Doom" "D" (25, 5)',
             'ENTRY: 2'))
    case("dungeon", "level-name-too-long-slashem", lines(
             '# options: game=slashem-0.0.7E7F3',
             'DUNGEON: "The Dungeons of Doom" "D" (25, 5)',
             'LEVEL: "averyveryverylongnameoflevel" "none" @ (5, 5)'))


def main():
    nh343_cases()
    nh36_cases()
    dungeon_cases()
    game_cases()
    check = "--check" in sys.argv[1:]
    stale = []
    for grammar, cases in CASES.items():
        d = os.path.join(OUT, grammar)
        os.makedirs(d, exist_ok=True)
        want = {}
        for name, text in cases.items():
            data = text if isinstance(text, bytes) else text.encode()
            want[name + EXT[grammar]] = data
        for f in sorted(os.listdir(d)):
            if f.endswith(EXT[grammar]) and f not in want:
                stale.append(os.path.join(d, f))
                if not check:
                    os.remove(os.path.join(d, f))
        for f, data in sorted(want.items()):
            p = os.path.join(d, f)
            old = open(p, "rb").read() if os.path.exists(p) else None
            if old != data:
                stale.append(p)
                if not check:
                    with open(p, "wb") as out:
                        out.write(data)
    total = sum(len(c) for c in CASES.values())
    counts = ", ".join(f"{g} {len(c)}" for g, c in CASES.items())
    if check:
        if stale:
            print("out of date:", *stale, sep="\n  ")
            sys.exit(1)
        print(f"{total} cases up to date ({counts})")
    else:
        print(f"{total} cases ({counts}); {len(stale)} file(s) written or removed")


if __name__ == "__main__":
    main()
