"""Generate a Python client package from claimcheck's OpenAPI schema with openapi-python-client
(a dev extra; docs/openapi.md): `make client`, or `.venv/bin/python -m scripts.generate_client OUT`.

The schema comes from the app itself (no server needed). openapi-python-client formats what it
generates by running `ruff` from PATH; run as `.venv/bin/openapi-python-client` without an activated
virtualenv it warned "ruff is not in PATH" and left the code unformatted (issue 37), so this puts
the generator's own bin directory (where ruff is installed beside it) first on its PATH.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

BIN = Path(sys.executable).parent


def generate(
    spec_text: str, out: Path, *, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run openapi-python-client on the schema; the client package lands in `out`."""
    generator = BIN / "openapi-python-client"
    if not generator.exists():
        raise FileNotFoundError(f"{generator} is missing: pip install -e '.[dev]'")
    out.parent.mkdir(parents=True, exist_ok=True)
    spec = out.parent / f"{out.name}-openapi.json"
    spec.write_text(spec_text, encoding="utf-8")
    base = dict(os.environ if env is None else env)
    base["PATH"] = f"{BIN}{os.pathsep}{base.get('PATH', '')}"
    return subprocess.run(
        [
            str(generator),
            "generate",
            "--path",
            str(spec),
            "--meta",
            "none",
            "--output-path",
            str(out),
            "--overwrite",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env=base,
        check=False,
    )


def app_schema() -> str:
    from app.config import Settings
    from app.main import create_app

    return json.dumps(create_app(Settings()).openapi())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "out", nargs="?", default="claimcheck-client", help="the package directory to write"
    )
    args = parser.parse_args(argv)
    done = generate(app_schema(), Path(args.out))
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr)
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main())
