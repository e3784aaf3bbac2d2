_PIPLITE_URLS = []
_PIPLITE_DISABLE_PYPI = True


async def install(requirements, *args, **kwargs):
    """Succeeds for packages already there (the kernel asks for its own at start)."""
    from importlib.metadata import PackageNotFoundError, version

    missing = []
    for name in [requirements] if isinstance(requirements, str) else list(requirements):
        try:
            version(name)
        except PackageNotFoundError:
            missing.append(name)
    if missing:
        raise RuntimeError("this site installs no packages at run time; not here: " + ", ".join(missing))
