#!/usr/bin/env bash
# Entrypoint of the O3 image: runs bin/ozone with the container's command (scm, om, datanode, s3g, sh, ...).
# Configuration: a mounted $OZONE_CONF_DIR/ozone-site.xml, or environment variables OZONE-SITE.XML_<key>=<value>
# (Apache Ozone's image convention), which this script writes to $OZONE_CONF_DIR/ozone-site.xml before the start,
# so that `docker exec <container> ozone sh ...` reads the same configuration. Use one or the other.
# O3_CLIENT_CA_FILE: the cluster CA certificate that client commands run in this container (ozone sh, admin, s3)
# trust with TLS on, e.g. the copy the daemon keeps beside its own certificate. It goes to
# $OZONE_CONF_DIR/ozone-local.xml, which only client commands read: a daemon would refuse to start on a CA file
# that does not exist yet (SCM creates the CA on its first start, the others get it when they enrol).
set -euo pipefail

conf_dir=${OZONE_CONF_DIR:-/opt/o3/etc}
prefix='OZONE-SITE.XML_'

xml_escape() {
  local s=${1//&/&amp;}
  s=${s//</&lt;}
  printf '%s' "${s//>/&gt;}"
}

properties=()
while IFS= read -r -d '' entry; do
  [[ $entry == "$prefix"* ]] || continue
  entry=${entry#"$prefix"}
  properties+=("  <property><name>$(xml_escape "${entry%%=*}")</name><value>$(xml_escape "${entry#*=}")</value></property>")
done < <(env -0 | sort -z)

if ((${#properties[@]} > 0)); then
  site=$conf_dir/ozone-site.xml
  if ! { printf '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Written by docker-entrypoint.sh from %s* variables. -->\n<configuration>\n' "$prefix"
    printf '%s\n' "${properties[@]}"
    printf '</configuration>\n'; } >"$site.tmp" 2>/dev/null; then
    echo "docker-entrypoint.sh: cannot write $site (mounted read-only?): set the configuration either with $prefix* variables or a mounted ozone-site.xml" >&2
    exit 1
  fi
  mv "$site.tmp" "$site"
fi

if [[ -n ${O3_CLIENT_CA_FILE:-} ]]; then
  printf '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Written by docker-entrypoint.sh for client commands. -->\n<configuration>\n  <property><name>hdds.grpc.tls.ca.file</name><value>%s</value></property>\n</configuration>\n' \
    "$(xml_escape "$O3_CLIENT_CA_FILE")" >"$conf_dir/ozone-local.xml"
fi

# The daemon's role, for o3-healthcheck.
for arg in "$@"; do
  case $arg in
    scm | om | datanode | s3g) echo "$arg" >/tmp/o3-role; break ;;
  esac
done

exec ozone "$@"
