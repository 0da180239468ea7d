"""`python -m torchplace <verb>`: the same as the `torchplace` command."""

import sys

from torchplace.cli import main

if __name__ == "__main__":
    sys.exit(main())
