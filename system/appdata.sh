#!/usr/bin/env bash
# The application table's data disk (issue 31), the same for every kernel:
# an ext4 image (mke2fs -d) holding
#   pg/15       a PostgreSQL 15 cluster with pgbench's tables at scale 100
#               (1.5 GB: larger than the 1 GiB guest), made by the image's
#               own initdb and pgbench in a chroot of the Debian root
#   sqlite/t.db 3 million rows with an index (about 500 MB) and
#               lookups.sql, 1000 index lookups at random keys (seed 31)
#   git/linux.git  a bare repository with real history: Linux 6.1's mm,
#               block, fs, kernel, lib and include/linux, then 6.12's as one
#               commit per directory (Debian's linux-source packages)
#   debs/       seven documentation and data packages to install
# 64 GiB (sparse): the size of a database disk, where the series' capacity
# table gives its 512 KiB default (8 GiB would get 256 KiB, 6 GiB 128 KiB).
# Prints the image's path; cached by the hash of this script and the root.
#   system/appdata.sh
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${BUILD_DIR:-$here/build}/system
tar=$("$here/system/image.sh")
img=$out/appdata.img
want=$( (cat "$tar.sha" 2>/dev/null || sha256sum "$tar"; cat "$0") | sha256sum)
if [ -f "$img" ] && [ "$(cat "$img.stamp" 2>/dev/null)" = "$want" ]; then echo "$img"; exit 0; fi
"$here/scripts/deps.sh" git python3 xz-utils linux-source-6.12
t0=$(date +%s)
dir=$out/appdata.root cache=$out/cache
rm -rf "$dir" && mkdir -p "$dir" "$cache"
tar -x -C "$dir" -f "$tar"
data=$dir/data
mkdir -p "$data/pg" "$data/sqlite" "$data/git" "$data/debs"

echo "appdata: PostgreSQL cluster, pgbench -i -s 100 (about 2 minutes)" >&2
chroot "$dir" chown postgres: /data/pg
# a private mount namespace: /dev and /proc for the chroot, gone with it
unshare -m sh -eu -c '
  mount --rbind /dev "$1/dev" && mount -t proc proc "$1/proc"
  chroot "$1" runuser -u postgres -- sh -eu -c "
    bin=/usr/lib/postgresql/15/bin
    \$bin/initdb -D /data/pg/15 -A trust >/dev/null
    \$bin/pg_ctl -D /data/pg/15 -o \"-k /tmp -c listen_addresses=\" -w -s start
    \$bin/createdb -h /tmp bench
    \$bin/pgbench -h /tmp -i -s 100 -q bench
    \$bin/pg_ctl -D /data/pg/15 -m fast -w -s stop"
' sh "$dir" >&2

echo "appdata: SQLite database" >&2
chroot "$dir" sqlite3 /data/sqlite/t.db "PRAGMA journal_mode=OFF;
  CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, pad TEXT);
  WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000000)
    INSERT INTO t SELECT i, (i * 7919) % 3000017, hex(randomblob(50)) FROM c;
  CREATE INDEX t_k ON t(k);" > /dev/null	# the PRAGMA prints "off": stdout is the image path
python3 -c 'import random; random.seed(31)
for _ in range(1000): print("SELECT pad FROM t WHERE k = %d;" % random.randrange(3000017))' \
  > "$data/sqlite/lookups.sql"

echo "appdata: git repository, Linux 6.1 then 6.12 (mm block fs kernel lib include/linux)" >&2
dirs="mm block fs kernel lib include/linux"
( cd "$cache" && [ -f linux-source-6.1.deb ] || { apt-get download linux-source-6.1 >&2 && mv linux-source-6.1_*.deb linux-source-6.1.deb; } )
[ -f "$cache/linux-source-6.1.tar.xz" ] ||
  dpkg-deb --fsys-tarfile "$cache/linux-source-6.1.deb" | tar -xO --wildcards '*/linux-source-6.1.tar.xz' > "$cache/linux-source-6.1.tar.xz"
w=$out/appdata.git
rm -rf "$w" && mkdir -p "$w"
git -C "$w" init -q
export GIT_AUTHOR_NAME=ra GIT_AUTHOR_EMAIL=ra@example.org GIT_COMMITTER_NAME=ra GIT_COMMITTER_EMAIL=ra@example.org
export GIT_AUTHOR_DATE='2022-12-11T12:00:00Z' GIT_COMMITTER_DATE='2022-12-11T12:00:00Z'
# shellcheck disable=SC2086
tar -xJ -C "$w" --strip-components=1 -f "$cache/linux-source-6.1.tar.xz" $(printf 'linux-source-6.1/%s ' $dirs)
git -C "$w" add -A && git -C "$w" commit -q -m 'Linux 6.1'
# shellcheck disable=SC2086
(cd "$w" && rm -rf $dirs)
# shellcheck disable=SC2086
tar -xJ -C "$w" --strip-components=1 -f /usr/src/linux-source-6.12.tar.xz $(printf 'linux-source-6.12/%s ' $dirs)
n=0
git -C "$w" add -A -n . | sed -e "s/^[a-z]* '\(.*\)'$/\1/" | xargs -n1 dirname | sort -u |
while read -r d; do
  n=$((n + 1))
  export GIT_AUTHOR_DATE="@$((1670760000 + n * 3600)) +0000" GIT_COMMITTER_DATE="@$((1670760000 + n * 3600)) +0000"
  git -C "$w" add -A -- ":(glob)$d/*"
  git -C "$w" commit -q -m "$d: as in Linux 6.12" || true
done
git clone -q --bare "$w" "$data/git/linux.git"
git -C "$data/git/linux.git" repack -q -a -d -f
rm -rf "$w"
echo "appdata: $(git -C "$data/git/linux.git" rev-list --count HEAD) commits, pack $(du -sm "$data/git/linux.git" | cut -f1) MB" >&2

( cd "$data/debs" && apt-get download vim-runtime manpages manpages-dev perl-doc git-doc postgresql-doc-15 iso-codes >&2 )

rm -f "$img"
mke2fs -q -t ext4 -L appdata -d "$data" "$img" 64G >&2	# it says "Creating regular file" on stdout
rm -rf "$dir"
echo "$want" > "$img.stamp"
echo "appdata: built in $(( $(date +%s) - t0 ))s: $(du -sm --apparent-size "$img" | cut -f1) MB image, $(du -sm "$img" | cut -f1) MB used" >&2
echo "$img"
