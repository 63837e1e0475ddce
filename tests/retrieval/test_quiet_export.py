"""A first start exports and quantises models: their chatter (torch TracerWarnings, ~40 INFO and
WARNING lines onnxruntime's quantiser writes to the root logger) goes to DEBUG, errors still show
(issue 23 item 4)."""

from __future__ import annotations

import logging
import warnings

from retrieval.onnx_export import quiet_tools


def chatter() -> None:
    logging.info('Quantization parameters for tensor:"/inner/embeddings/LayerNorm" not specified')
    logging.warning("Please consider to run pre-processing before quantization.")
    warnings.warn(
        "Converting a tensor to a Python boolean might cause the trace to be incorrect",
        UserWarning,
        stacklevel=1,
    )
    logging.error("a real failure")


def test_tool_chatter_is_demoted_and_errors_stay(caplog):
    caplog.set_level(logging.INFO)
    with warnings.catch_warnings(record=True) as escaped:
        warnings.simplefilter("always")
        with quiet_tools():
            chatter()
    assert [(r.levelname, r.getMessage()) for r in caplog.records] == [("ERROR", "a real failure")]
    assert escaped == []


def test_at_debug_the_chatter_is_still_there(caplog):
    caplog.set_level(logging.DEBUG)
    with quiet_tools():
        chatter()
    levels = [r.levelname for r in caplog.records]
    assert levels.count("DEBUG") >= 3 and "INFO" not in levels and "WARNING" not in levels
    assert any(
        "TracerWarning" in r.getMessage() or "boolean" in r.getMessage() for r in caplog.records
    )
