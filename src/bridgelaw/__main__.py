import sys

from bridgelaw.cli import main

sys.exit(main())
