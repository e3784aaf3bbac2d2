"""deploy/jupyterhub/: the Zero to JupyterHub values file and the hub's image, checked here.

No Kubernetes runs in the tests, so what can be checked without one is: every key of the values
file is one the chart (version 4.4) knows, in the place it knows it; the Python the hub runs
(``hub.extraConfig``) runs against a configuration as the chart prepares it and declares the
classes the values file opens ports for; the memory asked for per student covers what
``beannb bench --hub`` measured; the hub's image is the chart version's and installs beannb.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from beannb.bench.hub import MEASURED
from beannb.serve import jupyterhub as bh

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy" / "jupyterhub"
VALUES = yaml.safe_load((DEPLOY / "values.yaml").read_text(encoding="utf-8"))

#: The chart's keys in the sections this values file uses (the chart's values schema, version
#: 4.4): a dict goes on checking below, ``ANY`` takes whatever the chart passes on to Kubernetes
#: or to JupyterHub as it is.
ANY = object()
CHART_KEYS: dict[str, Any] = {
    "hub": {
        "image": {"name": ANY, "tag": ANY, "pullPolicy": ANY, "pullSecrets": ANY},
        "resources": ANY, "config": ANY, "extraConfig": ANY, "services": ANY, "loadRoles": ANY,
        "service": {"type": ANY, "ports": ANY, "extraPorts": ANY, "annotations": ANY, "loadBalancerIP": ANY},
        "networkPolicy": {"enabled": ANY, "ingress": ANY, "egress": ANY, "egressAllowRules": ANY,
                          "interNamespaceAccessLabels": ANY, "allowedIngressPorts": ANY},
        "extraEnv": ANY, "extraVolumes": ANY, "extraVolumeMounts": ANY, "baseUrl": ANY,
    },
    "singleuser": {
        "image": {"name": ANY, "tag": ANY, "pullPolicy": ANY, "pullSecrets": ANY},
        "defaultUrl": ANY, "cmd": ANY, "extraEnv": ANY, "startTimeout": ANY,
        "memory": {"guarantee": ANY, "limit": ANY},
        "cpu": {"guarantee": ANY, "limit": ANY},
        "storage": {"type": ANY, "extraVolumes": ANY, "extraVolumeMounts": ANY, "capacity": ANY,
                    "homeMountPath": ANY, "dynamic": ANY, "static": ANY, "extraLabels": ANY},
    },
    "cull": {"enabled": ANY, "timeout": ANY, "every": ANY, "maxAge": ANY, "users": ANY, "adminUsers": ANY,
             "concurrency": ANY, "removeNamedServers": ANY},
    "scheduling": {
        "userScheduler": {"enabled": ANY}, "podPriority": {"enabled": ANY},
        "userPlaceholder": {"enabled": ANY, "replicas": ANY}, "corePods": ANY, "userPods": ANY,
    },
    "prePuller": {"hook": {"enabled": ANY}, "continuous": {"enabled": ANY}},
    "proxy": ANY, "ingress": ANY,
}


def unknown_keys(values: Any, known: Any, where: str = "") -> list[str]:
    if known is ANY:
        return []
    if not isinstance(values, dict):
        return [f"{where or 'the file'}: a mapping is expected, not {type(values).__name__}"]
    out = []
    for key, value in values.items():
        path = f"{where}.{key}" if where else key
        if key not in known:
            out.append(f"{path}: not a key of the chart here")
        else:
            out += unknown_keys(value, known[key], path)
    return out


def k8s_mib(quantity: Any) -> float:
    """A Kubernetes memory quantity (``256M``, ``2Gi``, bytes) in MiB."""
    m = re.fullmatch(r"(\d+(?:\.\d+)?)([KMGT]i?)?", str(quantity))
    assert m, f"not a memory quantity: {quantity!r}"
    factor = {None: 1, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12,
              "Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40}[m.group(2)]
    return float(m.group(1)) * factor / 2**20


def hub_config() -> Any:
    """``c`` after the values' extraConfig ran, the chart's own lists prepared as the chart does."""
    from traitlets.config import Config

    c = Config()
    c.JupyterHub.services = []
    c.JupyterHub.load_roles = []
    for name, code in sorted(VALUES["hub"]["extraConfig"].items()):
        exec(compile(code, f"hub.extraConfig.{name}", "exec"), {"c": c, "get_config": lambda: c})
    return c


def test_every_key_is_one_the_chart_knows_where_it_stands():
    assert unknown_keys(VALUES, CHART_KEYS) == []


def test_a_misspelled_key_is_found():
    assert unknown_keys({"singleuser": {"memmory": {}}, "singleUser": {}}, CHART_KEYS) == [
        "singleuser.memmory: not a key of the chart here", "singleUser: not a key of the chart here"]


def test_the_classes_run_in_the_hubs_pod_and_the_proxy_can_reach_each_of_them():
    c = hub_config()
    classes = [s for s in c.JupyterHub.services if s.get("info", {}).get("beannb") == "class"]
    assert [s["name"] for s in classes] == ["class-7a", "class-7b"]
    service_ports = {p["targetPort"] for p in VALUES["hub"]["service"]["extraPorts"]}
    policy_ports = {p["port"] for rule in VALUES["hub"]["networkPolicy"]["ingress"] for p in rule["ports"]}
    for s in classes:
        url = re.fullmatch(r"http://hub:(\d+)", s["url"])
        assert url, s["url"]                                  # the proxy reaches the hub's Service by its name
        port = int(url.group(1))
        assert port in service_ports and port in policy_ports, port
        ip = s["command"].index("--ip")
        assert s["command"][ip + 1] == "0.0.0.0"              # and the class listens on the pod's address
    roles = {r["name"]: r for r in c.JupyterHub.load_roles}
    assert roles["beannb-class-7a-class"]["groups"] == ["7a", bh.DEFAULT_TEACHER_GROUP]


def test_each_users_server_opens_the_landing_page_of_the_image_built_from_binder():
    c = hub_config()
    assert VALUES["singleuser"]["defaultUrl"] == c.Spawner.default_url == "/voila/render/notebooks/00_start.ipynb"
    # repo2docker puts the repository in the image's home: the landing page is notebooks/00_start.ipynb there.
    assert (ROOT / "notebooks" / "00_start.ipynb").is_file()
    assert (ROOT / "binder" / "requirements.txt").is_file() and (ROOT / "binder" / "postBuild").is_file()
    assert any(a.startswith("--VoilaConfiguration.template=beannb") for a in c.Spawner.args)
    assert VALUES["singleuser"]["storage"]["type"] == "none"  # a volume on the home would hide the notebooks


def test_memory_asked_for_covers_what_the_bench_measured():
    student = MEASURED["server_mb"] + MEASURED["kernel_mb"]
    memory = VALUES["singleuser"]["memory"]
    assert k8s_mib(memory["guarantee"]) >= student
    assert k8s_mib(memory["limit"]) >= MEASURED["server_mb"] + 4 * MEASURED["kernel_mb"]
    assert k8s_mib(memory["guarantee"]) <= k8s_mib(memory["limit"])
    classes = len([s for s in hub_config().JupyterHub.services if s.get("info", {}).get("beannb") == "class"])
    hub = VALUES["hub"]["resources"]
    needed = MEASURED["hub_mb"] + MEASURED["culler_mb"] + classes * MEASURED["class_mb"]
    assert k8s_mib(hub["requests"]["memory"]) >= needed
    assert k8s_mib(hub["requests"]["memory"]) <= k8s_mib(hub["limits"]["memory"])


def test_idle_servers_are_culled():
    assert VALUES["cull"]["enabled"] is True and 600 <= VALUES["cull"]["timeout"] <= 4 * 3600


@pytest.mark.parametrize("quantity, mib", [("256M", 244.14), ("2Gi", 2048), ("768M", 732.42), ("1048576", 1)])
def test_memory_quantities_read_as_kubernetes_reads_them(quantity, mib):
    assert k8s_mib(quantity) == pytest.approx(mib, abs=0.01)


def test_the_hubs_image_is_the_charts_with_beannb_and_its_hub_extra():
    text = (DEPLOY / "hub.Dockerfile").read_text(encoding="utf-8")
    base = re.search(r"^FROM quay\.io/jupyterhub/k8s-hub:(\S+)$", text, re.M)
    assert base, "the hub image starts from the chart's hub image"
    header = (DEPLOY / "values.yaml").read_text(encoding="utf-8")
    assert f"--version {base.group(1)}" in header            # the chart installed is the image's
    assert re.search(r'pip install .*"\S*\[hub\]"', text)
    assert VALUES["hub"]["image"]["name"].endswith("beannb-hub")
