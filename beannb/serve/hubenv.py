"""Who is who in a class on a JupyterHub, and what the hub gives a class it runs as a service.

The standard library only: the command line (``beannb app --class --jupyterhub``), the server
process (:mod:`.hubauth`) and the hub's configuration (:mod:`.jupyterhub`) share it.
"""
from __future__ import annotations

import base64
import hashlib
import os
import re
from dataclasses import dataclass
from typing import Iterable, Mapping
from urllib.parse import urlparse

from .settings import LANDING_NOTEBOOK

#: The hub group whose members lead a class, unless a class names its own.
DEFAULT_TEACHER_GROUP = "beannb-teachers"
#: The folder link in each user's home that leads to beannb's notebooks (and the landing page in it).
NOTEBOOK_LINK = "beannb"
#: The environment a hub-managed service is started with (JupyterHub sets these).
SERVICE_ENV = ("JUPYTERHUB_SERVICE_NAME", "JUPYTERHUB_SERVICE_URL", "JUPYTERHUB_SERVICE_PREFIX",
               "JUPYTERHUB_API_TOKEN", "JUPYTERHUB_API_URL")
#: A hub group's name as beannb accepts it (JupyterHub allows more; these are the safe ones).
GROUP_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@-]{0,99}$")
#: A name the class pages accept, typed or a hub user's: 1-24 characters, a letter first;
#: letters, digits, spaces, - . '
NAME_RE = re.compile(r"^[^\W\d_][\w .'\-]{0,23}$")


class HubConfigError(ValueError):
    """A class or a server declared with an option that cannot work; the message says why."""


# -- who is who -------------------------------------------------------------------------------------


def is_teacher(user_groups: Iterable[str], teacher_groups: Iterable[str]) -> bool:
    """Whether a hub user (the groups the hub lists for them) leads the class."""
    return bool(set(user_groups) & set(teacher_groups))


def student_id(username: str) -> str:
    """The class hub's id for a hub user: the same for every page and every restart of the class,
    different for every user name (a digest, so it says nothing more than the name)."""
    digest = hashlib.sha256(username.encode("utf-8")).digest()
    return "hub-" + base64.urlsafe_b64encode(digest).decode("ascii")[:22]


def display_name(username: str) -> str:
    """The name the class pages show for a hub user: the user name itself where it is a name
    the pages take (1-24 characters, a letter first), else the part before an ``@`` with
    other characters turned into dashes, else ``student-`` and a short digest."""
    if NAME_RE.match(username):
        return username
    local = username.split("@", 1)[0]
    tidy = re.sub(r"[^\w .'\-]", "-", local).strip(" -")
    tidy = re.sub(r"^[\d_\W]+", "", tidy)[:24].rstrip(" ")
    if tidy and NAME_RE.match(tidy):
        return tidy
    return "student-" + student_id(username)[4:10].lower()


# -- the service's side: what the hub gave it -------------------------------------------------------


@dataclass(frozen=True)
class ServiceEnv:
    """What a hub-managed service learns from its environment."""

    name: str
    prefix: str                  # /services/<name>/ (the hub's base URL included)
    host: str                    # where to listen: the host of JUPYTERHUB_SERVICE_URL
    port: int
    hub_prefix: str              # /hub/ (the hub's base URL included)
    public_url: str              # the class's public address, or "" when the hub does not know it

    @property
    def class_link(self) -> str:
        """The students' address: absolute where the hub knows its public address, else the
        path (the teacher's projector page completes it from the request)."""
        if self.public_url:
            return self.public_url.rstrip("/") + "/beannb/class"
        return self.prefix + "beannb/class"

    @property
    def app_url(self) -> str:
        """beannb's own pages in the reader's single-user server, wherever it runs."""
        return f"{self.hub_prefix}user-redirect/voila/render/{NOTEBOOK_LINK}/{LANDING_NOTEBOOK}"


def service_env(environ: Mapping[str, str] | None = None) -> ServiceEnv:
    """Read the environment JupyterHub gives a managed service; a clear error if it is not there."""
    env = os.environ if environ is None else environ
    missing = [k for k in SERVICE_ENV if not env.get(k)]
    if missing:
        raise HubConfigError(
            "beannb app --class --jupyterhub runs as a service that JupyterHub starts (it sets "
            f"{', '.join(missing)}); declare the class in jupyterhub_config.py with "
            "beannb.serve.jupyterhub.add_class(c, ...) instead of starting it by hand")
    url = urlparse(env["JUPYTERHUB_SERVICE_URL"])
    if url.scheme != "http" or not url.hostname or not url.port:
        raise HubConfigError(f"JUPYTERHUB_SERVICE_URL must be http://HOST:PORT, not {env['JUPYTERHUB_SERVICE_URL']!r}")
    prefix = env["JUPYTERHUB_SERVICE_PREFIX"]
    prefix = prefix if prefix.endswith("/") else prefix + "/"
    base = env.get("JUPYTERHUB_BASE_URL") or "/"
    hub_prefix = base.rstrip("/") + "/hub/"
    return ServiceEnv(name=env["JUPYTERHUB_SERVICE_NAME"], prefix=prefix, host=url.hostname, port=url.port,
                      hub_prefix=hub_prefix, public_url=env.get("JUPYTERHUB_PUBLIC_URL", ""))


def check_group(group: str, what: str) -> str:
    if not isinstance(group, str) or not GROUP_RE.match(group):
        raise HubConfigError(f"{what} must be a hub group's name (letters, digits and . _ @ -), not {group!r}")
    return group
