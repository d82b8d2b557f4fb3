"""A sentence-transformers BERT encoder (the bundled MiniLM among them) rewritten as a GGUF
file so that llama.cpp runs it: the same vectors as sentence-transformers (cosine 1.0000 with
float32 weights, 0.99999 with bfloat16 ones) from a load of a few hundredths of a second,
without importing torch (seconds and hundreds of MB). Done once per model, from its local
folder; nothing is downloaded."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
from pathlib import Path

import numpy as np

from core.errors import ModelError

log = logging.getLogger(__name__)

# The sentence-transformers modules a folder must have, in order, to be this kind of encoder.
_MODULES = (
    "sentence_transformers.models.Transformer",
    "sentence_transformers.models.Pooling",
    "sentence_transformers.models.Normalize",
)
_SPECIAL = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
# Bump when the written file changes, so older conversions are redone.
FORMAT_VERSION = "1"


def _json(path: Path) -> dict | list:
    """A small config file of the model folder; missing or unreadable reads as empty."""
    try:
        return json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}


def convertible(model_dir: Path) -> bool:
    """A BERT encoder with mean pooling and normalised output, weights in safetensors and a
    WordPiece vocabulary: what llama.cpp's BERT support reproduces exactly."""
    modules = _json(model_dir / "modules.json") or []
    pooling = _json(model_dir / "1_Pooling" / "config.json")
    modes = {k for k, v in pooling.items() if k.startswith("pooling_mode_") and v is True}
    return (
        tuple(m.get("type") for m in modules) == _MODULES
        and _json(model_dir / "config.json").get("model_type") == "bert"
        and modes == {"pooling_mode_mean_tokens"}
        and (model_dir / "model.safetensors").is_file()
        and (model_dir / "vocab.txt").is_file()
    )


def max_tokens(model_dir: Path) -> int:
    """How many tokens (with [CLS] and [SEP]) sentence-transformers reads of a text."""
    config = _json(model_dir / "sentence_bert_config.json")
    return int(
        config.get("max_seq_length") or _json(model_dir / "config.json")["max_position_embeddings"]
    )


def converted_path(model_dir: Path, cache_dir: Path, bf16: bool = False) -> Path:
    """Where the conversion of `model_dir` lives: named after what it was made from and how,
    so a changed model folder (or a data folder moved to a different processor) is converted
    again."""
    weights = model_dir / "model.safetensors"
    stat = weights.stat()
    key = f"{FORMAT_VERSION}:{model_dir.resolve()}:{stat.st_size}:{stat.st_mtime_ns}"
    if bf16:
        key += ":bf16"
    digest = hashlib.sha256(key.encode()).hexdigest()[:12]
    return cache_dir / f"{model_dir.name}-{digest}.gguf"


def ensure_converted(model_dir: Path, cache_dir: Path, bf16: bool = False) -> Path:
    """The GGUF for `model_dir`, written first if missing (about a second for MiniLM). Written
    to a temporary name and renamed: a crash never leaves half a model behind. `bf16` stores
    the layers' matrices in bfloat16, for processors that multiply them natively."""
    target = converted_path(model_dir, cache_dir, bf16)
    if target.is_file():
        return target
    cache_dir.mkdir(parents=True, exist_ok=True)
    from safetensors import SafetensorError

    partial = target.with_suffix(".gguf.part")
    try:
        _write(model_dir, partial, bf16)
        os.replace(partial, target)
    except SafetensorError as exc:
        partial.unlink(missing_ok=True)
        raise ModelError(
            f"The embedding model's weights ({model_dir / 'model.safetensors'}) are damaged or "
            f"incomplete ({exc}). Copy the model folder again, or choose another in settings."
        ) from exc
    except (OSError, ValueError, KeyError) as exc:
        partial.unlink(missing_ok=True)
        raise ModelError(
            f"Could not prepare the embedding model {model_dir} for llama.cpp: {exc}"
        ) from exc
    log.info("Embedding model %s converted for llama.cpp: %s", model_dir.name, target)
    _remove_replaced(target)
    return target


def _remove_replaced(current: Path) -> None:
    """Conversions of the same model folder made before (an older format, changed weights, the
    other precision) are ~90 MB each that nothing reads any more."""
    stem = current.stem.rsplit("-", 1)[0]
    for older in current.parent.glob("*.gguf"):
        if older != current and re.fullmatch(re.escape(stem) + r"-[0-9a-f]{12}", older.stem):
            older.unlink(missing_ok=True)


def _vocabulary(model_dir: Path) -> list[str]:
    words = (model_dir / "vocab.txt").read_text("utf-8").split("\n")
    return words[:-1] if words and words[-1] == "" else words


def _write(model_dir: Path, out: Path, bf16: bool) -> None:
    import gguf
    from safetensors.numpy import load_file

    config = _json(model_dir / "config.json")
    arch = gguf.MODEL_ARCH.BERT
    writer = gguf.GGUFWriter(str(out), gguf.MODEL_ARCH_NAMES[arch])
    writer.add_context_length(config["max_position_embeddings"])
    writer.add_embedding_length(config["hidden_size"])
    writer.add_feed_forward_length(config["intermediate_size"])
    writer.add_block_count(config["num_hidden_layers"])
    writer.add_head_count(config["num_attention_heads"])
    writer.add_layer_norm_eps(config["layer_norm_eps"])
    writer.add_causal_attention(False)
    writer.add_pooling_type(gguf.PoolingType.MEAN)
    writer.add_token_type_count(config.get("type_vocab_size", 2))
    writer.add_file_type(gguf.LlamaFileType.MOSTLY_BF16 if bf16 else gguf.LlamaFileType.ALL_F32)
    words = _vocabulary(model_dir)
    # llama.cpp's WordPiece marks word starts with U+2581 where BERT marks continuations "##".
    writer.add_tokenizer_model("bert")
    writer.add_tokenizer_pre("default")
    writer.add_token_list(
        [w if w in _SPECIAL else w[2:] if w.startswith("##") else "\u2581" + w for w in words]
    )
    writer.add_token_types(
        [
            gguf.TokenType.UNKNOWN
            if w == "[UNK]"
            else gguf.TokenType.CONTROL
            if w in _SPECIAL
            else gguf.TokenType.NORMAL
            for w in words
        ]
    )
    index = {w: i for i, w in enumerate(words)}
    writer.add_unk_token_id(index["[UNK]"])
    writer.add_pad_token_id(index["[PAD]"])
    writer.add_bos_token_id(index["[CLS]"])
    writer.add_sep_token_id(index["[SEP]"])
    writer.add_mask_token_id(index["[MASK]"])
    writer.add_add_bos_token(True)
    writer.add_add_eos_token(True)
    names = gguf.get_tensor_name_map(arch, config["num_hidden_layers"])
    for name, data in load_file(str(model_dir / "model.safetensors")).items():
        if name.startswith("pooler.") or name.endswith("position_ids"):
            continue  # sentence-transformers pools itself; position ids are implicit
        mapped = names.get_name(name, try_suffixes=(".weight", ".bias"))
        if mapped is None:
            raise ValueError(f"unexpected tensor {name}")
        data = np.ascontiguousarray(data, dtype=np.float32)
        if bf16 and mapped.startswith("blk.") and data.ndim == 2:
            # The matrices only: norms, biases and the embedding tables stay exact.
            packed = gguf.quants.quantize(data, gguf.GGMLQuantizationType.BF16)
            writer.add_tensor(
                mapped, packed, raw_shape=packed.shape, raw_dtype=gguf.GGMLQuantizationType.BF16
            )
        else:
            writer.add_tensor(mapped, data)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
