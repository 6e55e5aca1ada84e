"""``python -m bot.i18n extract`` writes the template; ``python -m bot.i18n check`` checks the
template is up to date and every shipped catalogue complete (exit status 1 if not)."""

from __future__ import annotations

import sys

from bot.i18n.catalogues import SOURCE, TEMPLATE, shipped
from bot.i18n.extract import extract, problems, template_text, write_template


def main(argv: list[str]) -> int:
    """Run ``extract`` or ``check``; the exit status."""
    if argv == ["extract"]:
        print(f"{write_template()} messages written to {TEMPLATE}")
        return 0
    if argv == ["check"]:
        found = [] if TEMPLATE.read_bytes() == template_text(extract()) else [
            "messages.pot is out of date: run python -m bot.i18n extract"
        ]
        for code in shipped():
            if code != SOURCE:
                found.extend(problems(code))
        print("\n".join(found) or f"OK: {', '.join(shipped())}")
        return 1 if found else 0
    print("usage: python -m bot.i18n extract|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
