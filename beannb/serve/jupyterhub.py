"""beannb on a JupyterHub: the class as a hub-managed service, and every user's own pages.

A school that runs JupyterHub already knows its users. There beannb does not ask for typed
names, a class token or a teacher's key: the hub says who is who.

* **The class** (the class hub of ``beannb app --class``) runs as a service the hub starts and
  proxies under ``/services/<name>/``: ``beannb app --class --jupyterhub``. People log in to it
  through the hub (OAuth, :class:`jupyterhub.services.auth.HubOAuth`); a student's name is the
  hub's user name, and whoever is in the class's teacher group (default ``beannb-teachers``) gets
  the teacher's page. Several classes run side by side, one service each (one per group).
* **Each user's own server** opens beannb's landing page (Voila inside the single-user server,
  with beannb's Voila settings), beannb's notebooks reached through a link in the user's home.
* **Idle servers** are stopped by ``jupyterhub-idle-culler``.

In ``jupyterhub_config.py``::

    from beannb.serve import jupyterhub as beannb_hub

    beannb_hub.add_class(c, "class-7a", student_group="7a")        # /services/class-7a/
    beannb_hub.add_class(c, "class-7b", student_group="7b")        # /services/class-7b/
    beannb_hub.singleuser(c)
    beannb_hub.add_idle_culler(c, timeout=3600)

This module is the standard library only: the hub's configuration imports it, and so do the
command line and the tests. Who is who, and what the hub gives a class, is :mod:`.hubenv`; the
server side (OAuth with the hub) is :mod:`.hubauth`.
"""
from __future__ import annotations

import os
import re
import sys
from typing import Any, Callable, Mapping, Optional
from urllib.parse import quote, urlencode, urlparse

from .hubenv import (DEFAULT_TEACHER_GROUP, GROUP_RE, NOTEBOOK_LINK, SERVICE_ENV, HubConfigError, ServiceEnv,
                     check_group, display_name, is_teacher, service_env, student_id)
from .settings import LANDING_NOTEBOOK, VOILA_SETTINGS

__all__ = ["DEFAULT_TEACHER_GROUP", "GROUP_RE", "NOTEBOOK_LINK", "SERVICE_ENV", "HubConfigError", "ServiceEnv",
           "add_class", "add_idle_culler", "check_group", "class_roles", "class_service", "display_name",
           "gitpuller_link", "is_teacher", "landing_path", "link_folders", "service_env", "singleuser",
           "student_id", "voila_args"]

#: The service name of a class when none is given: its pages are under /services/beannb/.
DEFAULT_CLASS_NAME = "beannb"
#: First port given to a class service on the hub's machine (the next class takes the next one).
FIRST_SERVICE_PORT = 10_301
#: Where a class's lessons are linked in each user's home when a shared lessons folder is given.
LESSONS_LINK = "lessons"
#: How long an idle single-user server lives before the culler stops it (seconds).
IDLE_TIMEOUT_S = 3600
#: A class's service name: lower-case letters, digits and dashes (it is part of every address).
SERVICE_NAME_RE = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$")


# -- the hub's configuration ------------------------------------------------------------------------


def _get(section: Any, key: str, kind: type = list) -> Any:
    """A list (or a dict: ``kind``) from a traitlets Config section (or a plain dict), however
    it was set so far."""
    value = section[key] if key in section else kind()
    if hasattr(value, "get_value"):     # a LazyConfigValue: .append() / .extend() calls made so far
        value = value.get_value(kind())
    return kind(value)


def _section(c: Any, name: str) -> Any:
    """``c.<name>`` of a traitlets Config (made when missing), or ``c[name]`` of a plain dict."""
    if type(c) is dict:
        return c.setdefault(name, {})
    return getattr(c, name)


def class_service(name: str, port: int, *, teacher_group: str = DEFAULT_TEACHER_GROUP,
                  lessons: Optional[str] = None, seat_grace: Optional[float] = None,
                  python: Optional[str] = None, environment: Optional[Mapping[str, str]] = None,
                  host: str = "127.0.0.1", listen: Optional[str] = None) -> dict:
    """The ``c.JupyterHub.services`` entry of one class: a hub-managed service at
    http://``host``:``port`` running ``beannb app --class --jupyterhub`` with the interpreter
    ``python`` (default: the hub's own), whose lessons are beannb's own and those in the folder
    ``lessons``. ``listen``: the address it listens on where that is not ``host`` (on
    Kubernetes the proxy reaches the hub's pod by the name ``hub``, and the class listens on
    ``0.0.0.0`` inside that pod)."""
    command = [python or sys.executable, "-m", "beannb", "app", "--class", "--jupyterhub",
               "--teacher-group", teacher_group]
    if listen:
        command += ["--ip", listen]
    if seat_grace is not None:
        command += ["--seat-grace", f"{seat_grace:g}"]
    if lessons:
        command.append(os.fspath(lessons))
    service: dict[str, Any] = {
        "name": name,
        "url": f"http://{host}:{port}",
        "command": command,
        # The class belongs to the hub: no "allow this service to know who you are?" page.
        "oauth_no_confirm": True,
        "display": True,
        "info": {"beannb": "class", "teacher_group": teacher_group},
    }
    if environment:
        service["environment"] = dict(environment)
    return service


def class_roles(name: str, *, teacher_group: str, student_group: Optional[str]) -> list[dict]:
    """The roles a class needs: its students and teachers may open it (``access:services``).
    The service itself needs no scope of the hub's API: who is who comes with each login."""
    members = [g for g in (student_group, teacher_group) if g]
    return [{
        "name": f"beannb-{name}-class",
        "description": f"open the beannb class {name} (/services/{name}/)",
        "scopes": [f"access:services!service={name}"],
        "groups": sorted(set(members)),
    }]


def add_class(c: Any, name: str = DEFAULT_CLASS_NAME, *, teacher_group: str = DEFAULT_TEACHER_GROUP,
              student_group: Optional[str] = None, lessons: Optional[str] = None, port: Optional[int] = None,
              seat_grace: Optional[float] = None, python: Optional[str] = None,
              environment: Optional[Mapping[str, str]] = None, create_groups: bool = True,
              host: str = "127.0.0.1", listen: Optional[str] = None) -> dict:
    """Declare one class on the hub configuration ``c`` and return its service entry.

    The class is the service ``name`` (its pages: ``/services/<name>/``). The hub's users in
    ``teacher_group`` lead it; those in ``student_group`` join it (``None``: every user of the
    hub may). ``lessons`` is a folder of lesson files the class offers besides beannb's own (a
    finished table's game can be saved there as a lesson when the service may write to it).
    Each class listens on its own loopback port (``port``, default: the next free one from
    10301 among the classes declared). The groups are created when missing (``create_groups``;
    leave it off when the authenticator manages groups). Call it once per class.

    On Kubernetes (Zero to JupyterHub) the class runs in the hub's pod and the proxy, in a pod
    of its own, reaches it through the hub's Kubernetes Service: ``host="hub", listen="0.0.0.0"``
    (and open the port on that Service and in the hub's network policy: deploy/jupyterhub/values.yaml).
    """
    if not isinstance(name, str) or not SERVICE_NAME_RE.match(name):
        raise HubConfigError(f"a class's name is part of its address (/services/NAME/): lower-case letters, "
                             f"digits and dashes, at most 40, not {name!r}")
    check_group(teacher_group, "teacher_group")
    if student_group is not None:
        check_group(student_group, "student_group")
        if student_group == teacher_group:
            raise HubConfigError(f"student_group and teacher_group are both {student_group!r}: "
                                 "then every student would lead the class")
    if lessons is not None and not isinstance(lessons, (str, os.PathLike)):
        raise HubConfigError(f"lessons is one folder (a path), not {lessons!r}")
    if seat_grace is not None and seat_grace < 0 and seat_grace != -1:
        raise HubConfigError(f"seat_grace is a number of seconds (or -1: never), not {seat_grace!r}")
    hub = _section(c, "JupyterHub")
    services = _get(hub, "services")
    if any(s.get("name") == name for s in services):
        raise HubConfigError(f"the hub already has a service named {name!r}: give each class its own name")
    taken = {urlparse(s.get("url", "")).port for s in services if s.get("url")}
    if port is None:
        port = FIRST_SERVICE_PORT
        while port in taken:
            port += 1
    elif port in taken:
        raise HubConfigError(f"port {port} is already another service's")
    if not 1024 <= port <= 65535:
        raise HubConfigError(f"a class's port is from 1024 to 65535, not {port}")
    if not isinstance(host, str) or not re.match(r"^[A-Za-z0-9.-]{1,253}$", host):
        raise HubConfigError(f"host is the name or address the proxy reaches the class at, not {host!r}")
    if listen is not None and (not isinstance(listen, str) or not re.match(r"^[0-9A-Fa-f.:]{2,45}$", listen)):
        raise HubConfigError(f"listen is an IP address to listen on (0.0.0.0: every one), not {listen!r}")
    service = class_service(name, port, teacher_group=teacher_group, lessons=lessons, seat_grace=seat_grace,
                            python=python, environment=environment, host=host, listen=listen)
    hub["services"] = services + [service]
    roles = _get(hub, "load_roles")
    mine = class_roles(name, teacher_group=teacher_group, student_group=student_group)
    if student_group is None:
        # Every user of the hub may join: the default "user" role gets the access (kept as it was otherwise).
        user = next((r for r in roles if r.get("name") == "user"), None)
        if user is None:
            user = {"name": "user", "scopes": ["self"]}
            roles.append(user)
        user["scopes"] = list(user.get("scopes", [])) + mine[0]["scopes"]
    roles += mine
    hub["load_roles"] = roles
    if create_groups:
        groups = _get(hub, "load_groups", dict)
        for group in (teacher_group, student_group):
            if group and group not in groups:
                groups[group] = {"users": []}
        hub["load_groups"] = groups
    return service


def add_idle_culler(c: Any, timeout: int = IDLE_TIMEOUT_S, *, python: Optional[str] = None) -> dict:
    """Stop single-user servers idle for ``timeout`` seconds (``jupyterhub-idle-culler``, as a
    hub-managed service with just the scopes it needs)."""
    if not isinstance(timeout, int) or timeout < 60:
        raise HubConfigError(f"the idle timeout is a whole number of seconds, at least 60, not {timeout!r}")
    hub = _section(c, "JupyterHub")
    services = _get(hub, "services")
    service = {"name": "idle-culler", "command": [python or sys.executable, "-m", "jupyterhub_idle_culler",
                                                  f"--timeout={timeout}"]}
    hub["services"] = [s for s in services if s.get("name") != "idle-culler"] + [service]
    roles = [r for r in _get(hub, "load_roles") if r.get("name") != "idle-culler"]
    roles.append({"name": "idle-culler", "description": "stop idle single-user servers",
                  "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
                  "services": ["idle-culler"]})
    hub["load_roles"] = roles
    return service


#: The single-user server's settings that keep Voila's pages from loading MathJax from a CDN.
MATHJAX_OFF = ("--ServerApp.tornado_settings=mathjax_url=null", "--ServerApp.tornado_settings=mathjax_config=null")
MATHJAX_OFF_PREFIXES = ("--ServerApp.tornado_settings=mathjax_url=", "--ServerApp.tornado_settings=mathjax_config=")


#: A user's own server: seconds before a kernel no page is connected to is shut down.
USER_KERNEL_IDLE_S = 900


def voila_args(settings: Mapping[str, object] | None = None) -> list[str]:
    """beannb's Voila settings as a single-user server's command-line arguments."""
    from .run import _flags

    return _flags(dict(VOILA_SETTINGS if settings is None else settings))


def landing_path(folder: str = NOTEBOOK_LINK) -> str:
    """The landing page in a user's own server (the address after ``/user/<name>/``), the
    notebooks being in ``folder`` under the server's root."""
    return f"/voila/render/{folder}/{LANDING_NOTEBOOK}"


def link_folders(home: str, notebooks: str, lessons: Optional[str] = None, create: bool = True) -> list[str]:
    """Link beannb's notebooks (and a shared lessons folder) into a user's ``home`` (made first when
    missing, if ``create``); a link that is already right is kept, anything else of that name is
    left alone. Returns the links in place."""
    made: list[str] = []
    if create:
        os.makedirs(home, 0o755, exist_ok=True)
    elif not os.path.isdir(home):
        return made
    for link, target in ((NOTEBOOK_LINK, notebooks), (LESSONS_LINK, lessons)):
        if not target:
            continue
        path = os.path.join(home, link)
        if os.path.islink(path):
            if os.readlink(path) == target:
                made.append(path)
                continue
            os.unlink(path)
        elif os.path.exists(path):
            continue
        os.symlink(target, path)
        made.append(path)
    return made


def spawner_home(spawner: Any) -> str:
    """The home folder of a spawner's user (a local process spawner's)."""
    home = getattr(spawner, "home_dir", None)
    if home:
        return str(home)
    import pwd

    return pwd.getpwnam(spawner.user.name).pw_dir


def singleuser(c: Any, *, notebooks: Optional[str] = None, lessons: Optional[str] = None,
               voila: Mapping[str, object] | None = None, allow_root: bool = False,
               link: bool = True, folder: str = NOTEBOOK_LINK, kernel_idle: int = USER_KERNEL_IDLE_S) -> None:
    """Each user's own server opens beannb's landing page, with beannb's Voila settings.

    ``notebooks`` is the folder of beannb's notebooks as the users' servers see it (default:
    where this environment has them); ``lessons`` a shared, read-only folder of lessons. With
    ``link`` (local spawners, where the hub sees the users' homes) they are linked into each
    home as ``~/beannb`` and ``~/lessons`` before the server starts; elsewhere put them there in
    the image and say where with ``folder``: the notebooks' folder under the server's root
    (an image built from ``binder/`` has them in ``notebooks``). ``allow_root`` lets a server
    run as root (a test machine; never on a school's hub). ``kernel_idle``: seconds after which
    a kernel that no page is connected to is shut down. The user's own server runs JupyterLab's
    kernels too, so it is longer than a Voila-only server's two minutes (a notebook tab closed
    for a short while keeps its kernel); the hub's idle culler stops whole servers.
    """
    if not isinstance(kernel_idle, int) or isinstance(kernel_idle, bool) or kernel_idle < 60:
        raise HubConfigError(f"kernel_idle is a whole number of seconds, at least 60, not {kernel_idle!r}")
    if not isinstance(folder, str) or not re.match(r"^[\w.-]+(/[\w.-]+)*$", folder) or ".." in folder.split("/"):
        raise HubConfigError(f"folder is a path under the users' server's root, such as 'notebooks', not {folder!r}")
    spawner = _section(c, "Spawner")
    if notebooks is None and link:
        from .run import find_notebook_dir

        notebooks = str(find_notebook_dir())
    spawner["default_url"] = landing_path(folder)
    args = [a for a in _get(spawner, "args") if not a.startswith(("--VoilaConfiguration.", "--VoilaExecutor."))]
    settings = dict(VOILA_SETTINGS if voila is None else voila)
    if "MappingKernelManager.cull_idle_timeout" in settings:  # a Voila-only server's cull, made a user's
        settings["MappingKernelManager.cull_idle_timeout"] = kernel_idle
    args += voila_args(settings)
    # As `beannb app` does, no page loads MathJax from a CDN (the pages have no formulas; a
    # classroom may have no internet): Voila's pages skip MathJax when both are "null".
    args = [a for a in args if not a.startswith(MATHJAX_OFF_PREFIXES)] + list(MATHJAX_OFF)
    if allow_root:
        args.append("--ServerApp.allow_root=True")
    spawner["args"] = args
    if link:
        previous: Optional[Callable[[Any], Any]] = spawner["pre_spawn_hook"] if "pre_spawn_hook" in spawner else None
        if previous is not None and hasattr(previous, "get_value"):
            previous = None

        def link_beannb(s: Any) -> Any:
            # A system user's home is theirs to make (the hub runs as root: it would be root's);
            # a spawner with a home folder of its own (home_dir) makes it itself anyway.
            try:
                link_folders(spawner_home(s), notebooks, lessons, create=bool(getattr(s, "home_dir", None)))
            except (OSError, KeyError) as exc:   # the server starts anyway, without the links
                s.log.warning("beannb: could not link beannb's folders into %s's home: %s", s.user.name, exc)
            return previous(s) if previous is not None else None

        spawner["pre_spawn_hook"] = link_beannb


def gitpuller_link(hub_url: str, repo: str, *, branch: str = "main", notebook: str = "",
                   folder: str = "") -> str:
    """An nbgitpuller link: opening it pulls ``repo`` into the user's home (as ``folder``, default
    the repository's name) and opens ``notebook`` of it in Voila (or the folder in JupyterLab)."""
    if not repo.startswith(("https://", "http://")):
        raise HubConfigError(f"the repository is an http(s) address, not {repo!r}")
    target = folder or repo.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git")
    path = f"voila/render/{target}/{notebook}" if notebook else f"lab/tree/{target}"
    query = urlencode({"repo": repo, "branch": branch, "targetpath": target, "urlpath": path}, quote_via=quote)
    return f"{hub_url.rstrip('/')}/hub/user-redirect/git-pull?{query}"

