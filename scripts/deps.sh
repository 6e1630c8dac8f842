#!/bin/sh
# Checks that the Debian packages a make target needs are installed, and installs the missing ones
# when run as root (with apt-get). As another user it prints the apt-get line to run and fails.
#
#   scripts/deps.sh build      the library, the CLI (protobuf-c), tests (cmocka), examples and demo
#                              (pthreadpool: its executor adapter is built and tested too)
#   scripts/deps.sh test       build + g++ (the header check)
#   scripts/deps.sh coverage   test + gcovr
#   scripts/deps.sh sanitize   test + clang and its sanitizer runtimes (make sanitize, make tsan)
#   scripts/deps.sh valgrind   test + valgrind
#   scripts/deps.sh fuzz       build + clang and its runtimes (libFuzzer, ASan, UBSan)
#
# TIX_SKIP_DEPS=1 skips the check (for machines that have the tools some other way).
set -eu

what=${1:-test}
build="cmake make gcc libc6-dev pkg-config libcmocka-dev libprotobuf-c-dev protobuf-c-compiler libpthreadpool-dev"
case "$what" in
    build) packages="$build" ;;
    test) packages="$build g++" ;;
    coverage) packages="$build g++ gcovr" ;;
    sanitize) packages="$build g++ clang libclang-rt-dev" ;;
    valgrind) packages="$build g++ valgrind" ;;
    fuzz) packages="$build clang libclang-rt-dev" ;;
    *)
        echo "usage: $0 build|test|coverage|sanitize|valgrind|fuzz" >&2
        exit 2
        ;;
esac

if [ "${TIX_SKIP_DEPS:-0}" = 1 ]; then
    exit 0
fi

# Without dpkg (not Debian or Ubuntu) nothing can be checked or installed here: say what is
# needed and let the build find out.
if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "deps: not a Debian system; make sure these (or their equivalents) are installed:" >&2
    echo "deps:   $packages" >&2
    exit 0
fi

missing=""
for package in $packages; do
    status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
    if [ "$status" != "installed" ]; then
        missing="$missing $package"
    fi
done
missing=${missing# }

if [ -z "$missing" ]; then
    exit 0
fi

if [ "$(id -u)" = 0 ]; then
    echo "deps: installing missing Debian packages: $missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    # shellcheck disable=SC2086 # one word per package
    apt-get install -y --no-install-recommends $missing
    exit 0
fi

echo "deps: missing Debian packages: $missing" >&2
echo "deps: install them with:" >&2
echo "" >&2
echo "    sudo apt-get install $missing" >&2
echo "" >&2
exit 1
