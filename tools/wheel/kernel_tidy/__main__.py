"""`kernel-tidy` (the console script) and `python -m kernel_tidy`: replace this
process with the packaged binary, so that exit codes, signals and output are
the tool's own. The binary finds its headers beside itself
(share/kernel-tidy), which is why it is run by its real path."""
import os
import sys

from kernel_tidy import binary_path


def main():
    binary = str(binary_path())
    try:
        os.execv(binary, [binary] + sys.argv[1:])
    except OSError as error:
        sys.stderr.write(f"kernel-tidy: cannot run {binary}: {error.strerror}\n")
        return 2


if __name__ == "__main__":
    sys.exit(main())
