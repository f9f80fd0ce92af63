#!/usr/bin/env bash
# Runs a command as on a machine without libcurl's development files: libcurl's headers,
# `libcurl.so` and `libcurl.a` are hidden from it and its children alone, in a private mount
# namespace (`unshare --mount`) where an overlay with a whiteout (a 0:0 character device) covers
# each file's folder. The runtime, `libcurl.so.4`, stays. Fails if the files are still visible.
#
#     Scripts/without-libcurl-dev.sh COMMAND [ARGUMENT…]
#
# Hiding needs root; where the files are not installed there is nothing to hide, and the
# command runs as it is.
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: Scripts/without-libcurl-dev.sh COMMAND [ARGUMENT…]" >&2; exit 64; }
TRIPLE=$(gcc -dumpmachine 2>/dev/null || echo x86_64-linux-gnu)

development_files() { # prints each of libcurl's development files that exists
    local folder
    for folder in /usr/include/"$TRIPLE"/curl /usr/include/curl; do
        if [ -e "$folder/curl.h" ]; then echo "$folder"; fi
    done
    for folder in /usr/lib/"$TRIPLE" /usr/lib; do
        if [ -e "$folder/libcurl.so" ]; then echo "$folder/libcurl.so"; fi
        if [ -e "$folder/libcurl.a" ]; then echo "$folder/libcurl.a"; fi
    done
}

if [ -n "$(development_files)" ] && [ "${WITHOUT_LIBCURL_DEV_INSIDE:-}" != 1 ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "without-libcurl-dev: libcurl's development files are installed; hiding them needs root" >&2
        exit 1
    fi
    WITHOUT_LIBCURL_DEV_INSIDE=1 exec unshare --mount --propagation private -- "$0" "$@"
fi
if [ -n "$(development_files)" ]; then
    layers=$(mktemp -d /tmp/without-libcurl-dev.XXXXXX)
    mount -t tmpfs without-libcurl-dev "$layers"
    for file in $(development_files); do
        key=$(dirname "$file" | tr / _)
        mkdir -p "$layers/$key/upper" "$layers/$key/work"
        mknod "$layers/$key/upper/$(basename "$file")" c 0 0
        dirname "$file" >>"$layers/folders"
    done
    for folder in $(sort -u "$layers/folders"); do
        key=$(echo "$folder" | tr / _)
        mount -t overlay without-libcurl-dev \
            -o "lowerdir=$folder,upperdir=$layers/$key/upper,workdir=$layers/$key/work" "$folder"
    done
fi
if [ -n "$(development_files)" ] || echo '#include <curl/curl.h>' | cc -E -x c - >/dev/null 2>&1 \
    || echo 'int main(void) { return 0; }' | cc -x c - -lcurl -o /dev/null 2>/dev/null; then
    echo "without-libcurl-dev: libcurl's development files are still visible" >&2
    exit 1
fi
unset WITHOUT_LIBCURL_DEV_INSIDE
exec "$@"
