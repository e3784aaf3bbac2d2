"""Logging in to a class through JupyterHub (the class as a hub-managed service).

Imported only by the server process of ``beannb app --class --jupyterhub`` (it imports
jupyterhub and jupyter_server). Whoever opens the class is sent to the hub to log in (OAuth,
:class:`jupyterhub.services.auth.HubOAuth`; the callback is the service's ``oauth_callback``),
and comes back as the hub's user: their name, and the groups that make a teacher
(:func:`beannb.serve.jupyterhub.is_teacher`). Users the hub does not let open this service
(its ``access:services`` scope) are refused.
"""
from __future__ import annotations

from typing import Any, Optional

from jupyterhub.singleuser.extension import JupyterHubIdentityProvider

from .hubenv import display_name, is_teacher, student_id


class HubIdentityProvider(JupyterHubIdentityProvider):
    """jupyter_server's identity provider for JupyterHub's single-user servers, for a service:
    the same OAuth login, the same access check (the service's access scopes come in its
    environment), under the service's prefix."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.pop("token", None)   # Voila hands its own token over; the hub's login replaces it
        super().__init__(**kwargs)

    @property
    def token(self) -> str:  # type: ignore[override]
        """No token in any address: the hub's login is the way in (the service's own API token,
        which the hub's identity provider would name here, is never shown)."""
        return ""


def hub_user(handler: Any) -> Optional[dict]:
    """The hub's model of the user a request comes from (name, groups ...), or None."""
    user = getattr(handler, "current_user", None)
    return getattr(user, "hub_user", None)


def hub_student(handler: Any) -> Optional[tuple[str, str]]:
    """(the class hub's id, the name shown) of the hub user of a request, or None."""
    model = hub_user(handler)
    if not model or model.get("kind", "user") != "user":
        return None
    name = str(model.get("name") or "")
    return (student_id(name), display_name(name)) if name else None


def hub_teacher(handler: Any, teacher_groups: list[str]) -> bool:
    model = hub_user(handler)
    return bool(model) and model.get("kind", "user") == "user" and is_teacher(model.get("groups") or [], teacher_groups)
