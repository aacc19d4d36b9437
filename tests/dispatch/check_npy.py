#!/usr/bin/env python3
"""Runs vkdml-dispatch on the example models that write .npy files and reads them back with NumPy: the written input
must equal the source .npy bit for bit, .npy and raw outputs must hold the same bytes, and the FLOAT16 output must
be what the model printed. Exit 77 (skipped) when NumPy is not installed.

usage: check_npy.py <vkdml-dispatch> <models dir>
"""
import os
import subprocess
import sys
import tempfile

try:
    import numpy as np
except ImportError:
    print('numpy is not installed: skipped')
    sys.exit(77)


def run(tool, model, out_dir):
    result = subprocess.run([tool, model, '--output_path', out_dir], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit('%s failed (%d): %s' % (model, result.returncode, result.stderr))
    return result.stdout


def main():
    tool, models = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as out:
        run(tool, os.path.join(models, 'dml_activation_softplus.json'), out)
        source = np.load(os.path.join(models, 'data', 'softplus_input.npy'))
        written = np.load(os.path.join(out, 'softplus', 'input.npy'))
        assert written.dtype == np.float32 and written.shape == (2, 5), (written.dtype, written.shape)
        assert written.tobytes() == source.tobytes(), 'input.npy differs from the source .npy'
        output = np.load(os.path.join(out, 'softplus', 'output.npy'))
        raw = open(os.path.join(out, 'softplus', 'output.bin'), 'rb').read()
        assert output.shape == (2, 5) and output.tobytes() == raw, 'output.npy and output.bin differ'
        expected = np.logaddexp(0, 2 * source.astype(np.float64)) / 2
        assert np.allclose(output, expected, rtol=1e-5, atol=0), (output, expected)

        printed = run(tool, os.path.join(models, 'dml_activation_celu_fp16.json'), out)
        half = np.load(os.path.join(out, 'celu_fp16', 'output.npy'))
        assert half.dtype == np.float16 and half.shape == (5,), (half.dtype, half.shape)
        line = next(l for l in printed.splitlines() if l.startswith("Resource 'output': "))
        values = [float(v) for v in line.split(': ', 1)[1].split(', ')]
        assert [float('%g' % v) for v in half.astype(np.float64)] == values, (half, values)
    print('ok')


if __name__ == '__main__':
    main()
