# The hub's image for deploy/jupyterhub/values.yaml: the Zero to JupyterHub chart's own hub
# image (chart 4.4.0, JupyterHub 5.5) with beannb, whose classes the hub starts as services.
#
#   docker build -f deploy/jupyterhub/hub.Dockerfile -t REGISTRY/beannb-hub:TAG .
#
# Built from the repository's root: it installs this checkout of beannb with its hub extra.
FROM quay.io/jupyterhub/k8s-hub:4.4.0

USER root
COPY --chown=jovyan:jovyan . /srv/beannb-src
RUN python3 -m pip install --no-cache-dir "/srv/beannb-src[hub]" && rm -rf /srv/beannb-src
USER jovyan
