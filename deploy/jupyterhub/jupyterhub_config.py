# beannb on a JupyterHub that runs on one machine (as The Littlest JupyterHub does).
#
# What it gives you:
#   * one live class per group of students, at https://YOUR-HUB/services/<class name>/
#     Students log in with their hub account: no names to type, no token, no teacher's key.
#     Whoever is in the class's teacher group gets the teacher's page.
#   * every user's own server opens beannb's landing page (the whole app, to play against bots);
#   * servers nobody used for an hour are stopped, so the machine's memory goes to the class.
#
# Install beannb into the hub's Python environment (the one that runs `jupyterhub`) and into
# the users' environment (the one that runs their servers):
#
#     pip install 'beannb[hub]'                        # hub environment
#     pip install 'beannb[app]'                        # users' environment (TLJH: /opt/tljh/user)
#
# On The Littlest JupyterHub, copy this file to /opt/tljh/config/jupyterhub_config.d/beannb.py
# and run `sudo tljh-config reload`. Elsewhere: `jupyterhub -f jupyterhub_config.py`.
# Every line below is plain Python run by JupyterHub when it starts; `c` is its configuration.

from beannb.serve import jupyterhub as beannb_hub

# -- Who may log in ----------------------------------------------------------------------------
# Keep the authenticator you already use (TLJH sets one up). The groups below are hub groups:
# put people in them on the hub's admin page (Admin -> Groups) or with `tljh-config`.
#
# The teachers: everyone in the group "beannb-teachers" leads every class below.
# To give a class teachers of its own, pass teacher_group="..." to add_class.

# -- The classes ---------------------------------------------------------------------------------
# One line per class. The first word is the class's name, part of its address
# (/services/class-7a/); student_group is the hub group whose members join it. A class without
# student_group is open to every user of the hub.
#
# lessons: a folder of your own lesson files (beannb new-lesson writes one), offered besides
# beannb's own lessons; a file added while the class runs appears within seconds. Make the
# folder before the hub starts (a class whose folder is missing does not start: the hub's log
# says why).

beannb_hub.add_class(c, "class-7a", student_group="7a", lessons="/srv/beannb/lessons/7a")
beannb_hub.add_class(c, "class-7b", student_group="7b", lessons="/srv/beannb/lessons/7b")
# beannb_hub.add_class(c, "club", teacher_group="club-leaders")      # open to every user

# Each class is a small server of its own (about 150 MB with a class connected) that the hub
# starts, restarts and stops with itself, listening on this machine only (127.0.0.1, ports
# 10301, 10302, ...); people reach it through the hub's address. So that the class's projector
# page shows the full address to scan, tell the hub its public address:
# c.JupyterHub.public_url = "https://hub.example-school.org"

# -- Everyone's own server -----------------------------------------------------------------------
# Each user's server opens beannb's landing page (Voila, with beannb's own settings: no code
# shown, no traceback, idle game pages closed after two minutes). beannb's notebooks appear
# in every home as the folder "beannb"; a shared, read-only folder of lessons as "lessons".
# Users still have JupyterLab at /user/<name>/lab.

beannb_hub.singleuser(c, lessons="/srv/beannb/lessons")

# Most users need little: a game page is about 60 MB. Limits per user (TLJH: tljh-config
# set limits.memory 1G) keep one user from taking the class's memory.
# c.Spawner.mem_limit = "1G"

# -- Stop servers nobody uses ---------------------------------------------------------------------
# A server with no activity for an hour is stopped (its user starts it again by logging in).

beannb_hub.add_idle_culler(c, timeout=3600)

# -- Lessons through git (optional) -------------------------------------------------------------
# With nbgitpuller installed in the users' environment (pip install nbgitpuller), a link like
# the one beannb_hub.gitpuller_link makes pulls a repository of lessons into each student's home
# and opens a notebook of it in Voila; clicking it again pulls what changed:
#
#   https://YOUR-HUB/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2Fschool%2Fbean-lessons
#       &branch=main&targetpath=bean-lessons&urlpath=voila%2Frender%2Fbean-lessons%2Fweek1.ipynb
