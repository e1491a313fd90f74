#!/bin/sh
# The official image's template step: each /etc/nginx/templates/X.template becomes /etc/nginx/conf.d/X, with
# only the ${VARIABLES} set in the environment replaced (nginx's own $variables are left alone).
set -eu
if [ "${1:-}" = nginx ] && [ -d /etc/nginx/templates ]; then
  defined=$(printf '${%s} ' $(awk 'END { for (name in ENVIRON) print name }' </dev/null))
  for template in /etc/nginx/templates/*.template; do
    [ -f "$template" ] || continue
    output="/etc/nginx/conf.d/$(basename "$template" .template)"
    if [ ! -w /etc/nginx/conf.d ]; then
      echo "$0: /etc/nginx/conf.d is not writable: cannot render $template" >&2
      exit 1
    fi
    envsubst "$defined" < "$template" > "$output"
    echo "$0: rendered $template to $output"
  done
fi
exec "$@"
