"""``python -m drakit.report results.json -o DIR``."""

from .cli import main

raise SystemExit(main())
