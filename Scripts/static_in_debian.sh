#!/usr/bin/env bash
# Runs the static binary in a minimal Debian root that has never seen a Swift toolchain: debootstrap's
# minbase bookworm plus libncursesw6, with /proc mounted as a container has it. Proves dist/modalkit needs
# nothing from /opt/swift (or any Swift library) to validate, fix and render.
#
# Usage: Scripts/static_in_debian.sh [BINARY=dist/modalkit]    (as root; needs debootstrap and Debian's package mirror)
# ROOTFS (default /tmp/modalkit-debian-root) is kept between runs, so only the first run downloads packages.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=${1:-dist/modalkit}
root=${ROOTFS:-/tmp/modalkit-debian-root}
if [ ! -x "$root/usr/bin/apt-get" ]; then
    debootstrap --variant=minbase bookworm "$root" >/dev/null
fi
chroot "$root" sh -c 'dpkg -s libncursesw6 >/dev/null 2>&1 || apt-get install -y -qq libncursesw6 >/dev/null'
install -m 755 "$binary" "$root/usr/local/bin/modalkit"
rm -rf "$root/work" && mkdir -p "$root/work" && cp -r samples "$root/work/"
mount -t proc proc "$root/proc"
trap 'umount "$root/proc"' EXIT
chroot "$root" env -i PATH=/usr/local/bin:/usr/bin:/bin sh -ec '
    cd /work
    if [ -e /opt/swift ] || ls /usr/lib/swift /usr/lib/x86_64-linux-gnu/libswift* >/dev/null 2>&1; then
        echo "a Swift toolchain is in the root" >&2; exit 1
    fi
    ldd /usr/local/bin/modalkit
    ! ldd /usr/local/bin/modalkit | grep -E "libswift|not found"
    modalkit --version
    modalkit validate samples/*.json samples/hostile >/dev/null
    set +e; modalkit validate samples/invalid >/dev/null; status=$?; set -e
    [ "$status" -eq 1 ] || { echo "validate samples/invalid exited $status, not 1" >&2; exit 1; }
    modalkit render --format plain --width 40 samples/welcome.json | head -3
    modalkit fix - < samples/welcome.json | cmp - samples/welcome.json
'
echo "static binary ran in a Debian root without Swift: $root"
