"""beannb on a hub, without a hub: the configuration helper's services, roles and scopes, who is
a teacher, the names and ids the hub's users get in a class, and the options refused with a
reason. The end-to-end run through a real hub is tests/browser/test_jupyterhub.py."""
from __future__ import annotations

import os
import re
import types

import pytest
from traitlets.config import Config

from beannb.serve import jupyterhub as bh
from beannb.serve.run import main as app_main
from beannb.serve.settings import host_allowed


def hub_scopes_exist(scopes: list[str]) -> None:
    """Ask JupyterHub itself whether these scopes are real ones (where it is installed)."""
    hub_scopes = pytest.importorskip("jupyterhub.scopes")
    hub_scopes._check_scopes_exist(scopes)


def test_a_class_is_a_managed_service_on_loopback_with_the_roles_it_needs():
    c = Config()
    service = bh.add_class(c, "class-7a", student_group="7a", lessons="/srv/lessons/7a", python="/opt/hub/bin/python")
    assert c.JupyterHub.services == [service]
    assert service["name"] == "class-7a" and service["url"] == "http://127.0.0.1:10301"
    assert service["command"] == ["/opt/hub/bin/python", "-m", "beannb", "app", "--class", "--jupyterhub",
                                  "--teacher-group", "beannb-teachers", "/srv/lessons/7a"]
    assert service["oauth_no_confirm"] is True
    roles = {r["name"]: r for r in c.JupyterHub.load_roles}
    assert roles == {"beannb-class-7a-class": {
        "name": "beannb-class-7a-class", "description": "open the beannb class class-7a (/services/class-7a/)",
        "scopes": ["access:services!service=class-7a"], "groups": ["7a", "beannb-teachers"]}}
    assert c.JupyterHub.load_groups == {"beannb-teachers": {"users": []}, "7a": {"users": []}}
    hub_scopes_exist(roles["beannb-class-7a-class"]["scopes"])


def test_classes_side_by_side_get_their_own_ports_roles_and_teachers():
    c = Config()
    c.JupyterHub.services.append({"name": "other", "url": "http://127.0.0.1:10301", "command": ["x"]})
    c.JupyterHub.load_groups = {"7a": {"users": ["anna"]}}
    a = bh.add_class(c, "class-7a", student_group="7a")
    b = bh.add_class(c, "class-7b", student_group="7b", teacher_group="teachers-7b", seat_grace=-1)
    assert [s["name"] for s in c.JupyterHub.services] == ["other", "class-7a", "class-7b"]
    assert (a["url"], b["url"]) == ("http://127.0.0.1:10302", "http://127.0.0.1:10303")
    assert b["command"][-4:] == ["--teacher-group", "teachers-7b", "--seat-grace", "-1"]
    assert [r["groups"] for r in c.JupyterHub.load_roles] == [["7a", "beannb-teachers"], ["7b", "teachers-7b"]]
    # A group the admin filled is kept as it was.
    assert c.JupyterHub.load_groups["7a"] == {"users": ["anna"]}
    assert set(c.JupyterHub.load_groups) == {"7a", "7b", "beannb-teachers", "teachers-7b"}


def test_a_class_for_every_user_extends_the_user_role_and_keeps_what_it_had():
    c = Config()
    c.JupyterHub.load_roles = [{"name": "user", "scopes": ["self", "read:users:name"]}]
    bh.add_class(c)
    roles = {r["name"]: r for r in c.JupyterHub.load_roles}
    assert roles["user"]["scopes"] == ["self", "read:users:name", "access:services!service=beannb"]
    assert roles["beannb-beannb-class"]["groups"] == ["beannb-teachers"]
    fresh = Config()
    bh.add_class(fresh, "maths", create_groups=False)
    assert {r["name"]: r["scopes"] for r in fresh.JupyterHub.load_roles}["user"] == [
        "self", "access:services!service=maths"]
    assert "load_groups" not in fresh.JupyterHub


def test_the_idle_culler_gets_only_the_scopes_it_uses():
    c = Config()
    service = bh.add_idle_culler(c, timeout=1800, python="/opt/hub/bin/python")
    assert service["command"] == ["/opt/hub/bin/python", "-m", "jupyterhub_idle_culler", "--timeout=1800"]
    (role,) = c.JupyterHub.load_roles
    assert role["services"] == ["idle-culler"]
    assert sorted(role["scopes"]) == ["delete:servers", "list:users", "read:servers", "read:users:activity"]
    hub_scopes_exist(role["scopes"])
    bh.add_idle_culler(c, timeout=600)                      # declared again: replaced, not doubled
    assert len(c.JupyterHub.services) == 1 and len(c.JupyterHub.load_roles) == 1


@pytest.mark.parametrize("call, words", [
    (lambda c: bh.add_class(c, "Class 7A"), "lower-case letters, digits and dashes"),
    (lambda c: bh.add_class(c, "a/b"), "lower-case letters"),
    (lambda c: bh.add_class(c, "x", teacher_group="7a", student_group="7a"), "every student would lead"),
    (lambda c: bh.add_class(c, "x", teacher_group="teachers; drop"), "teacher_group must be a hub group"),
    (lambda c: bh.add_class(c, "x", port=80), "from 1024 to 65535"),
    (lambda c: bh.add_class(c, "x", seat_grace=-5), "-1: never"),
    (lambda c: (bh.add_class(c, "x"), bh.add_class(c, "x")), "already has a service named 'x'"),
    (lambda c: (bh.add_class(c, "x", port=10400), bh.add_class(c, "y", port=10400)), "port 10400 is already"),
    (lambda c: bh.add_idle_culler(c, timeout=5), "at least 60"),
    (lambda c: bh.add_class(c, "x", lessons=["/a", "/b"]), "lessons is one folder"),
])
def test_a_wrong_option_is_refused_with_a_reason(call, words):
    with pytest.raises(bh.HubConfigError, match=re.escape(words)):
        call(Config())


def test_users_servers_open_the_landing_page_with_beannbs_voila_settings(tmp_path):
    notebooks = tmp_path / "share" / "notebooks"
    notebooks.mkdir(parents=True)
    c = Config()
    c.Spawner.args = ["--debug", "--VoilaConfiguration.theme=dark"]
    bh.singleuser(c, notebooks=str(notebooks), lessons="/srv/lessons", allow_root=True)
    assert c.Spawner.default_url == "/voila/render/beannb/00_start.ipynb"
    args = c.Spawner.args
    assert args[0] == "--debug" and "--VoilaConfiguration.theme=dark" not in args
    assert "--VoilaConfiguration.template=beannb" in args and "--VoilaConfiguration.strip_sources=True" in args
    assert "--ServerApp.tornado_settings=mathjax_url=null" in args      # no MathJax from a CDN
    assert args[-1] == "--ServerApp.allow_root=True"
    # The user's own server runs JupyterLab's kernels too: a longer cull than a Voila-only server's.
    assert "--MappingKernelManager.cull_idle_timeout=900" in args and "--MappingKernelManager.cull_connected=False" in args
    short = Config()
    bh.singleuser(short, notebooks=str(notebooks), link=False, kernel_idle=300)
    assert "--MappingKernelManager.cull_idle_timeout=300" in short.Spawner.args
    with pytest.raises(bh.HubConfigError, match="at least 60"):
        bh.singleuser(Config(), notebooks=str(notebooks), link=False, kernel_idle=5)
    home = tmp_path / "home" / "anna"
    spawner = types.SimpleNamespace(home_dir=str(home), user=types.SimpleNamespace(name="anna"))
    c.Spawner.pre_spawn_hook(spawner)
    c.Spawner.pre_spawn_hook(spawner)                        # a second start finds the links in place
    assert os.readlink(home / "beannb") == str(notebooks) and os.readlink(home / "lessons") == "/srv/lessons"
    bob = tmp_path / "home" / "bob"
    (bob / "beannb").mkdir(parents=True)                      # a folder of the user's own is left alone
    assert bh.link_folders(str(bob), str(notebooks)) == []
    assert not (bob / "beannb").is_symlink()
    assert bh.link_folders(str(tmp_path / "home" / "nobody"), str(notebooks), create=False) == []
    assert not (tmp_path / "home" / "nobody").exists()          # a system user's home is not made for them
    warned = []
    stranger = types.SimpleNamespace(user=types.SimpleNamespace(name="no-such-user-here"),
                                     log=types.SimpleNamespace(warning=lambda *a: warned.append(a[0] % a[1:])))
    c.Spawner.pre_spawn_hook(stranger)                       # no home to link into: the server starts anyway
    assert warned and "no-such-user-here" in warned[0]
    plain = Config()
    bh.singleuser(plain, notebooks=str(notebooks), link=False)
    assert "pre_spawn_hook" not in plain.Spawner and "--ServerApp.allow_root=True" not in plain.Spawner.args


def test_the_single_machine_config_declares_two_classes_their_servers_and_the_culler():
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "deploy" / "jupyterhub" / "jupyterhub_config.py"
    c = Config()
    exec(compile(path.read_text("utf-8"), str(path), "exec"), {"c": c})
    services = {s["name"]: s for s in c.JupyterHub.services}
    assert set(services) == {"class-7a", "class-7b", "idle-culler"}
    assert services["class-7a"]["command"][-1] == "/srv/beannb/lessons/7a"
    assert {r["name"]: r["groups"] for r in c.JupyterHub.load_roles if "groups" in r} == {
        "beannb-class-7a-class": ["7a", "beannb-teachers"], "beannb-class-7b-class": ["7b", "beannb-teachers"]}
    assert c.Spawner.default_url == bh.landing_path() and callable(c.Spawner.pre_spawn_hook)
    hub_scopes_exist([scope for r in c.JupyterHub.load_roles for scope in r["scopes"]])


def test_teachers_are_the_members_of_the_teacher_group():
    assert bh.is_teacher(["7a", "beannb-teachers"], ["beannb-teachers"])
    assert not bh.is_teacher(["7a"], ["beannb-teachers"])
    assert bh.is_teacher(["teachers-7b"], ["beannb-teachers", "teachers-7b"])
    assert not bh.is_teacher([], [])


def test_a_hub_user_is_a_student_with_a_stable_id_and_a_name_the_pages_take():
    ids = {bh.student_id(n) for n in ("anna", "Anna", "anna@school.org")}
    assert len(ids) == 3 and bh.student_id("anna") == bh.student_id("anna")
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{8,40}", i) for i in ids)     # as the class pages' ids are
    assert bh.display_name("anna") == "anna"
    assert bh.display_name("anna.kovacs@school.org") == "anna.kovacs"
    assert bh.display_name("23-anna") == "anna"
    assert bh.display_name("x" * 40) == "x" * 24
    assert re.fullmatch(r"student-[a-z0-9_-]{6}", bh.display_name("1234"))


def test_the_class_reads_what_the_hub_gave_it():
    env = {"JUPYTERHUB_SERVICE_NAME": "class-7a", "JUPYTERHUB_SERVICE_URL": "http://127.0.0.1:10301",
           "JUPYTERHUB_SERVICE_PREFIX": "/jh/services/class-7a/", "JUPYTERHUB_API_TOKEN": "t",
           "JUPYTERHUB_API_URL": "http://127.0.0.1:8081/jh/hub/api", "JUPYTERHUB_BASE_URL": "/jh/"}
    got = bh.service_env(env)
    assert (got.host, got.port, got.prefix, got.hub_prefix) == ("127.0.0.1", 10301, "/jh/services/class-7a/", "/jh/hub/")
    assert got.class_link == "/jh/services/class-7a/beannb/class"
    assert got.app_url == "/jh/hub/user-redirect/voila/render/beannb/00_start.ipynb"
    public = bh.service_env({**env, "JUPYTERHUB_PUBLIC_URL": "https://hub.school.org/jh/services/class-7a/"})
    assert public.class_link == "https://hub.school.org/jh/services/class-7a/beannb/class"
    with pytest.raises(bh.HubConfigError, match="JUPYTERHUB_API_TOKEN.*add_class"):
        bh.service_env({k: v for k, v in env.items() if k != "JUPYTERHUB_API_TOKEN"})
    with pytest.raises(bh.HubConfigError, match="http://HOST:PORT"):
        bh.service_env({**env, "JUPYTERHUB_SERVICE_URL": "unix:/run/x.sock"})


@pytest.mark.parametrize("argv, words", [
    pytest.param(["--class", "--jupyterhub", "--open"], "--open does not go with --jupyterhub", id="open"),
    pytest.param(["--class", "--jupyterhub", "--token", "t", "--port", "9000"],
                 "--token, --port do not go with --jupyterhub", id="token-port"),
    pytest.param(["--jupyterhub"], "go with --class", id="no-class"),
    pytest.param(["--class", "--teacher-group", "t"], "--teacher-group goes with --jupyterhub", id="group-alone"),
    pytest.param(["--class", "--jupyterhub", "--teacher-group", "a b"], "--teacher-group must be a hub group",
                 id="bad-group"),
    pytest.param(["--class", "--jupyterhub"], "runs as a service that JupyterHub starts", id="not-started-by-hub"),
])
def test_the_command_refuses_what_the_hub_decides(argv, words, capsys, monkeypatch):
    for name in bh.SERVICE_ENV:
        monkeypatch.delenv(name, raising=False)
    assert app_main(argv) == 2
    assert words in capsys.readouterr().err


def test_behind_the_hubs_proxy_any_host_name_is_the_hubs():
    assert host_allowed("hub.school.org", ["*"])
    assert not host_allowed("hub.school.org", [])
    assert not host_allowed("", ["*"])


def test_an_nbgitpuller_link_pulls_lessons_and_opens_one_in_voila():
    link = bh.gitpuller_link("https://hub.school.org/", "https://github.com/school/bean-lessons.git",
                             notebook="week1.ipynb")
    assert link == ("https://hub.school.org/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2Fschool%2F"
                    "bean-lessons.git&branch=main&targetpath=bean-lessons&urlpath=voila%2Frender%2Fbean-lessons%2F"
                    "week1.ipynb")
    assert bh.gitpuller_link("https://h", "https://g/x/y", folder="z").endswith("targetpath=z&urlpath=lab%2Ftree%2Fz")
    with pytest.raises(bh.HubConfigError):
        bh.gitpuller_link("https://h", "git@github.com:school/lessons.git")


def test_the_teacher_is_decided_by_the_hubs_groups_on_each_request():
    pytest.importorskip("jupyterhub")
    from beannb.serve.hubauth import hub_student, hub_teacher

    def request(model):
        return types.SimpleNamespace(current_user=types.SimpleNamespace(hub_user=model) if model else None)

    teacher = request({"kind": "user", "name": "kiss.eva", "groups": ["beannb-teachers"]})
    student = request({"kind": "user", "name": "anna", "groups": ["7a"]})
    service = request({"kind": "service", "name": "beannb-teachers", "groups": ["beannb-teachers"]})
    assert hub_teacher(teacher, ["beannb-teachers"]) and not hub_teacher(student, ["beannb-teachers"])
    assert not hub_teacher(service, ["beannb-teachers"]) and not hub_teacher(request(None), ["beannb-teachers"])
    assert hub_student(student) == (bh.student_id("anna"), "anna")
    assert hub_student(service) is None and hub_student(request(None)) is None


def test_on_kubernetes_the_class_is_reached_by_the_hubs_name_and_listens_on_its_pod():
    c = Config()
    service = bh.add_class(c, "class-7a", student_group="7a", host="hub", listen="0.0.0.0")
    assert service["url"] == "http://hub:10301"
    i = service["command"].index("--ip")
    assert service["command"][i + 1] == "0.0.0.0"
    plain = bh.add_class(c, "class-7b", student_group="7b")
    assert plain["url"] == "http://127.0.0.1:10302" and "--ip" not in plain["command"]
    with pytest.raises(bh.HubConfigError, match="host is the name"):
        bh.add_class(Config(), "x", host="hub name")
    with pytest.raises(bh.HubConfigError, match="listen is an IP address"):
        bh.add_class(Config(), "x", listen="everywhere")
