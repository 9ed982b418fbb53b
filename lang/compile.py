"""Compiles a catalog: `python -m lang.compile messages.po messages.mo` (`make` runs it).

Babel's own `pybabel compile` checks printf-style placeholders, which our messages do
not use: a percent sign in one ("20% of") would be read as a placeholder and refused.
The `{field}` checks are tests/lang/test_catalogs.py's.
"""

from __future__ import annotations

import sys

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po


def main(argv: list[str]) -> int:
    source, target = argv
    with open(source, "rb") as file:
        catalog = read_po(file)
    with open(target, "wb") as file:
        write_mo(file, catalog)  # untranslated and fuzzy entries are left out: English
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
