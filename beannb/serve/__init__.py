"""Serving the app: Voila with the app's guards, and in classroom mode the class hub.

``beannb app`` (:func:`run`) starts a server process that runs Voila's own application,
subclassed in :mod:`.server`; :mod:`.settings` plans it (address, token, kernel cap and
pools), :mod:`.kernels` is the one adapter over Voila's kernel manager, :mod:`.pages` holds
the short pages the server answers with itself. In classroom mode the same process holds
the class hub (:mod:`.hub`): the teacher's page, the students' class page and the tables
of people, reached over the server's own websocket (:mod:`.handlers`). On a JupyterHub the
class runs as a hub-managed service instead (:mod:`.jupyterhub` declares it in the hub's
configuration; :mod:`.hubauth` logs people in through the hub).

Importing this package imports neither Voila nor tornado.
"""
from __future__ import annotations

from .pages import join_page, join_qr, message_page
from .run import (add_arguments, base_url, compile_package, describe_plan, find_notebook_dir, free_port,
                  index_notebook, landing_url, main, run, serve, serving_root, start_voila, stop_voila,
                  voila_command, wait_until_ready)
from .settings import (BASE_GAME_NOTEBOOK, CHROMIUM, CHROMIUM_ARGS, HOST, KERNEL_MB, KERNELS_PER_CORE,
                       LANDING_NOTEBOOK, MAX_BODY_BYTES,
                       NOTEBOOK_DIR_ENV, SERVER_CLASS_NAME, SERVER_FLAG, TOKEN_ENV, VOILA_SETTINGS, ClassPlan,
                       allowed_hosts, default_max_kernels, default_pool, host_allowed, is_loopback, lan_address,
                       local_addresses, machine, new_token, notebook_names, plan_class, pool_plan,
                       preheat_settings, secondary_pool, server_settings)

__all__ = [
    "BASE_GAME_NOTEBOOK", "CHROMIUM", "CHROMIUM_ARGS", "HOST", "KERNEL_MB", "KERNELS_PER_CORE", "LANDING_NOTEBOOK",
    "MAX_BODY_BYTES", "NOTEBOOK_DIR_ENV",
    "SERVER_CLASS_NAME", "SERVER_FLAG", "TOKEN_ENV", "VOILA_SETTINGS", "ClassPlan", "add_arguments",
    "allowed_hosts", "base_url", "compile_package", "default_max_kernels", "default_pool", "describe_plan",
    "find_notebook_dir", "free_port", "host_allowed", "index_notebook", "is_loopback", "join_page", "join_qr",
    "lan_address", "landing_url", "local_addresses", "machine", "main", "message_page", "new_token",
    "notebook_names", "plan_class", "pool_plan", "preheat_settings", "run", "secondary_pool", "serve",
    "server_settings", "serving_root", "start_voila", "stop_voila", "voila_command", "wait_until_ready",
]
