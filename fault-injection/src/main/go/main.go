// Command linearizability checks an O3 fault-injection history with Porcupine.
//
// Usage: linearizability HISTORY.json OUT_DIR TIMEOUT_SECONDS
//
// The history is a JSON array of operations on single keys:
//
//	{"client":3,"key":"k1","op":"put","value":"<sha256>","call":12,"return":40}
//
// op is put, delete, deleteMissing (a delete answered "no such key": it saw the key absent), get (value "" means
// the key was absent) or exists (the key appeared in, or was missing from, a listing; value "true" or "false"). A write whose outcome is unknown has return -1: it may take effect at any
// time after its call. The model is one register per key, the key's content hash or "" when absent; Porcupine
// checks each key's partition on its own. The result goes to OUT_DIR/linearizability.json and, when a history is
// not linearizable, an interactive OUT_DIR/linearizability.html. Exit status: 0 linearizable, 1 not
// linearizable, 2 checker timed out, 3 bad input.
package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"time"

	"github.com/anishathalye/porcupine"
)

type record struct {
	Client int    `json:"client"`
	Key    string `json:"key"`
	Op     string `json:"op"`
	Value  string `json:"value"`
	Call   int64  `json:"call"`
	Return int64  `json:"return"`
}

type input struct {
	key   string
	op    string
	value string
}

type result struct {
	Result     string   `json:"result"`
	Operations int      `json:"operations"`
	Keys       int      `json:"keys"`
	Illegal    []string `json:"illegalKeys,omitempty"`
}

func registerModel() porcupine.Model {
	return porcupine.Model{
		Partition: func(history []porcupine.Operation) [][]porcupine.Operation {
			byKey := map[string][]porcupine.Operation{}
			for _, op := range history {
				key := op.Input.(input).key
				byKey[key] = append(byKey[key], op)
			}
			keys := make([]string, 0, len(byKey))
			for key := range byKey {
				keys = append(keys, key)
			}
			sort.Strings(keys)
			partitions := make([][]porcupine.Operation, 0, len(keys))
			for _, key := range keys {
				partitions = append(partitions, byKey[key])
			}
			return partitions
		},
		Init: func() interface{} { return "" },
		Step: func(state, in, out interface{}) (bool, interface{}) {
			current := state.(string)
			call := in.(input)
			switch call.op {
			case "put":
				return true, call.value
			case "delete":
				return true, ""
			case "deleteMissing":
				return current == "", current
			case "get":
				return out.(string) == current, current
			case "exists":
				return out.(string) == strconv.FormatBool(current != ""), current
			}
			return false, current
		},
		DescribeOperation: func(in, out interface{}) string {
			call := in.(input)
			switch call.op {
			case "put":
				return fmt.Sprintf("put(%s, %.8s)", call.key, call.value)
			case "delete":
				return fmt.Sprintf("delete(%s)", call.key)
			case "deleteMissing":
				return fmt.Sprintf("delete(%s) -> no such key", call.key)
			case "exists":
				return fmt.Sprintf("listed(%s) -> %s", call.key, out)
			}
			return fmt.Sprintf("get(%s) -> %.8s", call.key, out)
		},
		DescribeState: func(state interface{}) string {
			if state.(string) == "" {
				return "<absent>"
			}
			return fmt.Sprintf("%.8s", state.(string))
		},
	}
}

func load(path string) ([]porcupine.Operation, int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, err
	}
	var records []record
	if err := json.Unmarshal(data, &records); err != nil {
		return nil, 0, fmt.Errorf("%s: %w", path, err)
	}
	keys := map[string]bool{}
	ops := make([]porcupine.Operation, 0, len(records))
	for i, r := range records {
		switch r.Op {
		case "put", "delete", "deleteMissing", "get", "exists":
		default:
			return nil, 0, fmt.Errorf("%s: operation %d: unknown op %q", path, i, r.Op)
		}
		ret := r.Return
		if ret < 0 {
			ret = math.MaxInt64
		}
		if ret < r.Call {
			return nil, 0, fmt.Errorf("%s: operation %d returns before its call", path, i)
		}
		keys[r.Key] = true
		ops = append(ops, porcupine.Operation{
			ClientId: r.Client,
			Input:    input{key: r.Key, op: r.Op, value: r.Value},
			Call:     r.Call,
			Output:   r.Value,
			Return:   ret,
		})
	}
	return ops, len(keys), nil
}

func illegalKeys(model porcupine.Model, ops []porcupine.Operation) []string {
	var illegal []string
	for _, partition := range model.Partition(ops) {
		if !porcupine.CheckOperations(porcupine.Model{Init: model.Init, Step: model.Step}, partition) {
			illegal = append(illegal, partition[0].Input.(input).key)
		}
	}
	return illegal
}

func run(args []string) (int, error) {
	if len(args) != 3 {
		return 3, fmt.Errorf("usage: linearizability HISTORY.json OUT_DIR TIMEOUT_SECONDS")
	}
	seconds, err := strconv.Atoi(args[2])
	if err != nil || seconds <= 0 {
		return 3, fmt.Errorf("TIMEOUT_SECONDS must be a positive integer: %q", args[2])
	}
	ops, keys, err := load(args[0])
	if err != nil {
		return 3, err
	}
	model := registerModel()
	outcome, info := porcupine.CheckOperationsVerbose(model, ops, time.Duration(seconds)*time.Second)
	res := result{Result: string(outcome), Operations: len(ops), Keys: keys}
	status := 0
	switch outcome {
	case porcupine.Illegal:
		status = 1
		res.Illegal = illegalKeys(model, ops)
		if err := porcupine.VisualizePath(model, info, filepath.Join(args[1], "linearizability.html")); err != nil {
			return 3, err
		}
	case porcupine.Unknown:
		status = 2
	}
	data, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return 3, err
	}
	if err := os.WriteFile(filepath.Join(args[1], "linearizability.json"), data, 0o644); err != nil {
		return 3, err
	}
	fmt.Println(string(data))
	return status, nil
}

func main() {
	status, err := run(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "linearizability:", err)
	}
	os.Exit(status)
}
