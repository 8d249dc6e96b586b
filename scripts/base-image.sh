#!/usr/bin/env bash
# Builds a local stand-in for the official `node:20-bookworm-slim` image where no registry can be
# pulled from, so the project's Dockerfile is built and tested unchanged. The stand-in is made of
# this machine's own parts: a `debootstrap --variant=minbase bookworm` root, the machine's Node 20
# and npm under /usr/local (where the official image keeps them), a `node` user with uid/gid 1000,
# and the machine's CA bundle plus npm's cafile setting, so `npm ci` inside a build reaches the
# registry the way the host does.
#
# Cached twice: nothing happens when the image already exists, and the root file system is kept as
# a tarball in $AUTH_SIM_CACHE (default ~/.cache/auth-sim) so a fresh engine loads it in seconds.
# `--force` rebuilds both.
set -euo pipefail

TAG=node:20-bookworm-slim
CACHE_DIR=${AUTH_SIM_CACHE:-$HOME/.cache/auth-sim}
ROOTFS_TAR=$CACHE_DIR/node-20-bookworm-slim-rootfs.tar
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
FORCE=${1:-}

if [ "$FORCE" != "--force" ] && docker image inspect "$TAG" >/dev/null 2>&1; then
  echo "base-image: $TAG already exists (pass --force to rebuild it)"
  exit 0
fi

node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" != "20" ]; then
  echo "base-image: this machine's node is $(node -v); the stand-in for $TAG needs Node 20" >&2
  exit 1
fi

if [ "$FORCE" = "--force" ] || [ ! -s "$ROOTFS_TAR" ]; then
  for tool in debootstrap docker; do
    command -v "$tool" >/dev/null || { echo "base-image: $tool is not installed (apt-get install -y debootstrap docker.io)" >&2; exit 1; }
  done
  mkdir -p "$CACHE_DIR"
  rootfs=$(mktemp -d /tmp/auth-sim-rootfs.XXXXXX)
  trap 'rm -rf "$rootfs"' EXIT
  echo "base-image: debootstrap --variant=minbase bookworm into $rootfs (a few minutes, once)"
  # libstdc++6 is the one library node links against that minbase leaves out.
  debootstrap --variant=minbase --include=libstdc++6 bookworm "$rootfs" "$MIRROR" >/tmp/auth-sim-debootstrap.log 2>&1 ||
    { echo "base-image: debootstrap failed, see /tmp/auth-sim-debootstrap.log" >&2; exit 1; }

  npm_root=$(npm root -g)/npm
  install -D -m 0755 "$(command -v node)" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules"
  cp -a "$npm_root" "$rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  install -D -m 0644 /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
  # npm's global config (prefix /usr/local): trust the machine's CA bundle, as the host's npm does.
  mkdir -p "$rootfs/usr/local/etc"
  printf 'cafile=/etc/ssl/certs/ca-certificates.crt\nupdate-notifier=false\nfund=false\n' >"$rootfs/usr/local/etc/npmrc"
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb \
    "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/locale/*
  chmod 0755 "$rootfs" # mktemp made it 0700: the image's / must let the node user through
  tar --numeric-owner -C "$rootfs" -cf "$ROOTFS_TAR.part" .
  mv "$ROOTFS_TAR.part" "$ROOTFS_TAR"
fi

echo "base-image: importing $ROOTFS_TAR as $TAG"
docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_VERSION='"$(node -p 'process.versions.node')" \
  --change 'CMD ["node"]' \
  "$ROOTFS_TAR" "$TAG" >/dev/null
docker image inspect "$TAG" --format 'base-image: {{.RepoTags}} {{.Size}} bytes'
