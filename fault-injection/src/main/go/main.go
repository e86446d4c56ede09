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
// checks each key's history on its own, all within TIMEOUT_SECONDS (a key whose search is cut off is Unknown). The
// result goes to OUT_DIR/linearizability.json and, for each key whose history is not linearizable, an interactive
// OUT_DIR/linearizability-KEY.html. Exit status: 0 linearizable, 1 some key not linearizable, 2 some key's search
// timed out (and none illegal), 3 bad input.
package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"sync"
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
	Unknown    []string `json:"unknownKeys,omitempty"`
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

// verdict is one key's result.
type verdict struct {
	key     string
	outcome porcupine.CheckResult
	info    porcupine.LinearizationInfo
}

// checkKeys checks each key's history on its own, a few keys at a time, every search bounded by the deadline: a
// key whose search is cut off is Unknown, and the others keep their verdicts.
func checkKeys(model porcupine.Model, partitions [][]porcupine.Operation, deadline time.Time) []verdict {
	single := model
	single.Partition = nil
	verdicts := make([]verdict, len(partitions))
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				v := verdict{key: partitions[i][0].Input.(input).key, outcome: porcupine.Unknown}
				if remaining := time.Until(deadline); remaining > 0 {
					v.outcome, v.info = porcupine.CheckOperationsVerbose(single, partitions[i], remaining)
				}
				verdicts[i] = v
			}
		}()
	}
	for i := range partitions {
		work <- i
	}
	close(work)
	wg.Wait()
	return verdicts
}

func writeResult(dir string, res result) error {
	data, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "linearizability.json"), data, 0o644); err != nil {
		return err
	}
	fmt.Println(string(data))
	return nil
}

func run(args []string) (int, error) {
	if len(args) != 3 {
		return 3, fmt.Errorf("usage: linearizability HISTORY.json OUT_DIR TIMEOUT_SECONDS")
	}
	seconds, err := strconv.Atoi(args[2])
	if err != nil || seconds <= 0 {
		return 3, fmt.Errorf("TIMEOUT_SECONDS must be a positive integer: %q", args[2])
	}
	timeout := time.Duration(seconds) * time.Second
	ops, keys, err := load(args[0])
	if err != nil {
		return 3, err
	}
	// Porcupine stops its search at the deadline, but a search that has filled memory can take long to notice; the
	// process answers Unknown at the deadline plus a grace period whatever the search is doing.
	time.AfterFunc(timeout+15*time.Second, func() {
		fmt.Fprintln(os.Stderr, "linearizability: search still running after the timeout; Unknown")
		_ = writeResult(args[1], result{Result: string(porcupine.Unknown), Operations: len(ops), Keys: keys})
		os.Exit(2)
	})
	model := registerModel()
	res := result{Result: string(porcupine.Ok), Operations: len(ops), Keys: keys}
	for _, v := range checkKeys(model, model.Partition(ops), time.Now().Add(timeout)) {
		switch v.outcome {
		case porcupine.Illegal:
			res.Illegal = append(res.Illegal, v.key)
			page := filepath.Join(args[1], "linearizability-"+v.key+".html")
			if err := porcupine.VisualizePath(model, v.info, page); err != nil {
				return 3, err
			}
		case porcupine.Unknown:
			res.Unknown = append(res.Unknown, v.key)
		}
	}
	status := 0
	switch {
	case len(res.Illegal) > 0:
		res.Result, status = string(porcupine.Illegal), 1
	case len(res.Unknown) > 0:
		res.Result, status = string(porcupine.Unknown), 2
	}
	if err := writeResult(args[1], res); err != nil {
		return 3, err
	}
	return status, nil
}

func main() {
	status, err := run(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "linearizability:", err)
	}
	os.Exit(status)
}
