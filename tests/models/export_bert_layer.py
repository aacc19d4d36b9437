#!/usr/bin/env python3
"""Writes the fixture of tests/models/bert_layer_test.cpp: one BERT-base encoder layer (PyTorch's
nn.TransformerEncoderLayer(768, 12, 3072, activation="gelu", layer_norm_eps=1e-12, batch_first=True, dropout=0.0),
eval mode, post-norm) with random weights (fixed seed), its input, PyTorch's outputs and the test's tolerances, as
little-endian '<f4' C-order .npy files in OUTDIR.

Run with Debian's python3-torch (/usr/bin/python3). Where torch or numpy cannot be imported it writes OUTDIR/SKIPPED
with the reason and exits 0, and the C++ test passes with a message saying so.

Files (weights in PyTorch's layout, {out, in}):
  x.npy {B, 128, 768}; wq, wk, wv, wo {768, 768}; bq, bk, bv, bo, g1, be1, g2, be2 {768};
  w1 {3072, 768}; b1 {3072}; w2 {768, 3072}; b2 {768}
  y_f32.npy        PyTorch's FLOAT32 output (the module itself)
  y_f64.npy        PyTorch's output in double from the same weights (the FLOAT32 reference)
  y_f16ref.npy     PyTorch's output in double from the weights and input rounded to FLOAT16 (the FLOAT16 reference)
  meta.npy         [tol_f32, tol_f16, max |y_f32 - y_f64|, MC deviation f32, MC deviation f16, batch]

Tolerances: the per-element error bounds vkdml documents for each operator (docs/SEMANTICS.md: GEMM
(K+4)·u·Σ|a·b|, SOFTMAX 4 ULP, MVN1, element-wise ULPs, and for FLOAT16 the rounding of every node's output to
FLOAT16) are injected at full magnitude with random signs at every node of an explicit double-precision copy of the
layer (checked against the module first), and the deviation they cause at the output is measured; the tolerance is
twice the largest deviation over several draws. See the "BERT-base encoder layer" section of docs/SEMANTICS.md.
"""
import math
import os
import sys

SEQ, HID, HEADS, FFN = 128, 768, 12, 3072
HEAD = HID // HEADS
BATCH = 2
EPS = 1e-12


def main(outdir):
    os.makedirs(outdir, exist_ok=True)
    marker = os.path.join(outdir, "SKIPPED")
    try:
        import numpy as np
        import torch
    except Exception as e:  # ImportError, or a broken install
        with open(marker, "w") as f:
            f.write(f"PyTorch is not importable by {sys.executable} ({type(e).__name__}: {e}); install Debian's "
                    "python3-torch to run this test\n")
        print(f"export_bert_layer: skipped: {e}")
        return 0
    if os.path.exists(marker):
        os.remove(marker)
    torch.manual_seed(20240601)
    torch.set_num_threads(1)

    layer = torch.nn.TransformerEncoderLayer(HID, HEADS, FFN, activation="gelu", layer_norm_eps=EPS,
                                             batch_first=True, dropout=0.0, norm_first=False)
    layer.eval()
    with torch.no_grad():
        # Weights N(0, 1/fan_in): every projection keeps unit variance, the scores Q·K/8 have variance ~1, so the
        # softmax is neither flat nor one-hot. Biases and the LayerNorm affine parameters random too (the defaults
        # are 0 and 1, which would leave their broadcasts untested).
        for w in (layer.self_attn.in_proj_weight, layer.self_attn.out_proj.weight, layer.linear1.weight,
                  layer.linear2.weight):
            w.normal_(0.0, 1.0 / math.sqrt(w.shape[1]))
        for b in (layer.self_attn.in_proj_bias, layer.self_attn.out_proj.bias, layer.linear1.bias, layer.linear2.bias,
                  layer.norm1.bias, layer.norm2.bias):
            b.normal_(0.0, 0.1)
        for g in (layer.norm1.weight, layer.norm2.weight):
            g.copy_(1.0 + 0.1 * torch.randn_like(g))
        x = torch.randn(BATCH, SEQ, HID)

    sa = layer.self_attn
    params = {
        "wq": sa.in_proj_weight[:HID], "wk": sa.in_proj_weight[HID:2 * HID], "wv": sa.in_proj_weight[2 * HID:],
        "bq": sa.in_proj_bias[:HID], "bk": sa.in_proj_bias[HID:2 * HID], "bv": sa.in_proj_bias[2 * HID:],
        "wo": sa.out_proj.weight, "bo": sa.out_proj.bias, "g1": layer.norm1.weight, "be1": layer.norm1.bias,
        "w1": layer.linear1.weight, "b1": layer.linear1.bias, "w2": layer.linear2.weight, "b2": layer.linear2.bias,
        "g2": layer.norm2.weight, "be2": layer.norm2.bias,
    }
    params = {k: v.detach().clone().contiguous() for k, v in params.items()}

    def save(name, t):
        a = t.detach().to(torch.float32).contiguous().numpy().astype("<f4")
        np.save(os.path.join(outdir, name + ".npy"), a)

    with torch.no_grad():
        y32 = layer(x)
        layer64 = layer.double()
        y64 = layer64(x.double())
        # FLOAT16: the weights and input rounded to FLOAT16, the layer then computed in double.
        for p in layer64.parameters():
            p.copy_(p.half().double())
        x16 = x.half().double()
        y16 = layer64(x16)

    p64 = {k: v.double() for k, v in params.items()}
    p16 = {k: v.half().double() for k, v in params.items()}

    # The same layer written out op by op, as the DML graph computes it; `err(v, bound)` adds an error to a node's
    # value. Checked against the module (no error) before it is used for the tolerances.
    def explicit(xx, p, err=lambda v, bound: v):
        b = xx.shape[0]
        u = 2.0 ** -24
        x2 = xx.reshape(b * SEQ, HID)

        def gemm(a, w, bias, alpha=1.0, transposed=True):
            w_t = w.t() if transposed else w
            k = a.shape[-1]
            v = alpha * torch.matmul(a, w_t)
            s = abs(alpha) * torch.matmul(a.abs(), w_t.abs())
            if bias is not None:
                v = v + bias
                s = s + bias.abs()
            return err(v, ("gemm", (k + 4) * u * s))

        def split(t):  # {B*S, H} -> {B, heads, S, head}: strides only
            return t.reshape(b, SEQ, HEADS, HEAD).permute(0, 2, 1, 3)

        def mvn(z, g, beta):
            mean = z.mean(-1, keepdim=True)
            var = ((z - mean) ** 2).mean(-1, keepdim=True)
            zn = (z - mean) / torch.sqrt(var + EPS)
            v = zn * g + beta
            # docs/SEMANTICS.md's MVN bound, simplified upwards: 2|scale|·|z|·(2u + δ) + 2u(|scale·z| + |bias|) + 1 ULP
            # with δ < 12u for rows of 768 of O(1) values.
            return err(v, ("mvn", 32 * u * (g.abs() * zn.abs() + beta.abs() + g.abs())))

        q, k, v = (split(gemm(x2, p[w], p[bb])) for w, bb in (("wq", "bq"), ("wk", "bk"), ("wv", "bv")))
        scores = gemm(q, k.transpose(-1, -2), None, alpha=1.0 / math.sqrt(HEAD), transposed=False)
        probs = torch.softmax(scores, -1)
        probs = err(probs, ("softmax", 4 * 2.0 ** -23 * probs.abs()))
        ctx = gemm(probs, v, None, transposed=False)
        merged = ctx.permute(0, 2, 1, 3).reshape(b * SEQ, HID)  # the IDENTITY copy: exact
        attn = gemm(merged, p["wo"], p["bo"])
        z1 = x2 + attn
        z1 = err(z1, ("add", u * z1.abs()))
        h1 = mvn(z1, p["g1"], p["be1"])
        f = gemm(h1, p["w1"], p["b1"])
        f = torch.nn.functional.gelu(f)
        f = err(f, ("gelu", 4 * 2.0 ** -23 * f.abs() + 2.0 ** -126))
        o = gemm(f, p["w2"], p["b2"])
        z2 = h1 + o
        z2 = err(z2, ("add", u * z2.abs()))
        y = mvn(z2, p["g2"], p["be2"])
        return y.reshape(b, SEQ, HID)

    with torch.no_grad():
        check64 = explicit(x.double(), p64)
        check16 = explicit(x16, p16)
        d64 = (check64 - y64).abs().max().item()
        d16 = (check16 - y16).abs().max().item()
        print(f"explicit layer vs nn.TransformerEncoderLayer (double): {d64:.3g} (FLOAT32 weights), "
              f"{d16:.3g} (FLOAT16-rounded weights)")
        assert d64 < 1e-9 and d16 < 1e-9, "the explicit layer does not match PyTorch's module"

        gen = torch.Generator().manual_seed(7)

        def random_sign(v):
            return torch.randint(0, 2, v.shape, generator=gen, dtype=torch.float64) * 2 - 1

        def err32(v, what):
            _, bound = what
            return v + random_sign(v) * bound

        def err16(v, what):
            kind, bound = what
            # the FLOAT16 store of every node's output: half a FLOAT16 ULP (2^-11 relative; 2^-25 absolute for
            # subnormals); SOFTMAX's documented FLOAT16 bound is 1 ULP.
            store = (2.0 ** -10 if kind == "softmax" else 2.0 ** -11) * v.abs() + 2.0 ** -25
            return v + random_sign(v) * (bound + store)

        draws = 4
        dev32 = max((explicit(x.double(), p64, err32) - check64).abs().max().item() for _ in range(draws))
        dev16 = max((explicit(x16, p16, err16) - check16).abs().max().item() for _ in range(draws))

    torch_err = (y32.double() - y64).abs().max().item()
    tol32, tol16 = 2 * dev32, 2 * dev16
    print(f"PyTorch FLOAT32 vs double: max abs {torch_err:.3g}; injected-bound deviation: FLOAT32 {dev32:.3g}, "
          f"FLOAT16 {dev16:.3g}; tolerances {tol32:.3g}, {tol16:.3g}")

    save("x", x)
    for k, v in params.items():
        save(k, v)
    save("y_f32", y32)
    save("y_f64", y64)
    save("y_f16ref", y16)
    np.save(os.path.join(outdir, "meta.npy"),
            np.array([tol32, tol16, torch_err, dev32, dev16, BATCH], dtype="<f4"))
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: export_bert_layer.py OUTDIR", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
