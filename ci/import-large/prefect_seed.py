#!/usr/bin/env python3
"""Gives a fresh Prefect server something to read, then prints the read-only live runs over it.

usage: prefect_seed.py BASE_URL   (BASE_URL: the server's API root, http://127.0.0.1:PORT/api/)

Creates, through the server's own API and before any check runs, one of each object the read
operations look up (a flow and its run with a state, a task run, an input, a log line, a work
pool with a queue, a deployment, a variable, an artifact, tag and global concurrency limits, a
saved search, a block document, an automation), so that `live` reads real answers and not only
empty lists or 404s. Then prints the `live` run the check makes over them: `VAR=value ...` (the
environment its path and query samples read, one variable per resource) `--` the endpoint ids.
Only the ids listed here are called: reads, never a write.
"""
import json
import sys
import urllib.request

base = sys.argv[1]


def call(method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        text = answer.read()
    return json.loads(text) if text else None


flow = call("POST", "flows/", {"name": "apicheck-flow", "tags": ["apicheck"]})
flow_run = call("POST", "flow_runs/", {"flow_id": flow["id"], "name": "apicheck-run", "tags": ["apicheck"],
                                       "state": {"type": "SCHEDULED", "name": "Scheduled"}})
call("POST", f"flow_runs/{flow_run['id']}/set_state", {"state": {"type": "RUNNING", "name": "Running"}, "force": True})
flow_run_states = call("GET", f"flow_run_states/?flow_run_id={flow_run['id']}")
task_run = call("POST", "task_runs/", {"flow_run_id": flow_run["id"], "task_key": "apicheck-task", "dynamic_key": "0",
                                       "name": "apicheck-task-0", "state": {"type": "COMPLETED", "name": "Completed"}})
task_run_states = call("GET", f"task_run_states/?task_run_id={task_run['id']}")
call("POST", f"flow_runs/{flow_run['id']}/input", {"key": "apicheck-input", "value": json.dumps({"answer": 42})})
call("POST", "logs/", [{"name": "apicheck", "level": 20, "message": "hello from apicheck", "timestamp": "2026-01-01T12:00:00Z",
                        "flow_run_id": flow_run["id"]}])
pool = call("POST", "work_pools/", {"name": "apicheck-pool", "type": "process"})
pool_queue = call("POST", f"work_pools/{pool['name']}/queues", {"name": "apicheck-queue"})
deployment = call("POST", "deployments/", {"name": "apicheck-deployment", "flow_id": flow["id"], "work_pool_name": pool["name"]})
variable = call("POST", "variables/", {"name": "apicheck_variable", "value": {"answer": 42}, "tags": ["apicheck"]})
artifact = call("POST", "artifacts/", {"key": "apicheck-artifact", "type": "markdown", "data": "# hello",
                                       "flow_run_id": flow_run["id"]})
limit = call("POST", "concurrency_limits/", {"tag": "apicheck", "concurrency_limit": 3})
limit_v2 = call("POST", "v2/concurrency_limits/", {"name": "apicheck-limit", "limit": 2})
search = call("PUT", "saved_searches/", {"name": "apicheck-search", "filters": []})
block_type = call("POST", "block_types/filter", {"limit": 1, "block_types": {"slug": {"any_": ["secret"]}}})[0]
block_schema = call("POST", "block_schemas/filter", {"block_schemas": {"block_type_id": {"any_": [block_type["id"]]}}, "limit": 1})[0]
block = call("POST", "block_documents/", {"name": "apicheck-secret", "data": {"value": "not-a-secret"},
                                          "block_schema_id": block_schema["id"], "block_type_id": block_type["id"]})
automation = call("POST", "automations/", {
    "name": "apicheck-automation", "enabled": False,
    "trigger": {"type": "event", "posture": "Reactive", "expect": ["apicheck.event"], "threshold": 1, "within": 0},
    "actions": [{"type": "do-nothing"}]})

# One variable per resource (the import names a path parameter's variable after the segment
# before it: /flows/{id} reads PREFECT_FLOW_ID, /deployments/{id} PREFECT_DEPLOYMENT_ID), so one run
# reads every kind of object. A query parameter is named after itself (flow_run_id reads
# PREFECT_FLOW_RUN_ID, as /flow_runs/{id} does).
environment = {
    "PREFECT_FLOW_ID": flow["id"], "PREFECT_FLOW_NAME": flow["name"],
    "PREFECT_FLOW_RUN_ID": flow_run["id"], "PREFECT_INPUT_KEY": "apicheck-input",
    "PREFECT_FLOW_RUN_STATE_ID": flow_run_states[0]["id"],
    "PREFECT_TASK_RUN_ID": task_run["id"], "PREFECT_TASK_RUN_STATE_ID": task_run_states[0]["id"],
    "PREFECT_DEPLOYMENT_ID": deployment["id"], "PREFECT_DEPLOYMENT_FLOW_NAME": flow["name"],
    "PREFECT_DEPLOYMENT_NAME": deployment["name"],
    "PREFECT_SAVED_SEARCH_ID": search["id"],
    "PREFECT_CONCURRENCY_LIMIT_ID": limit["id"], "PREFECT_CONCURRENCY_LIMIT_TAG": limit["tag"],
    "PREFECT_CONCURRENCY_LIMIT_ID_OR_NAME": limit_v2["name"],
    "PREFECT_BLOCK_TYPE_ID": block_type["id"], "PREFECT_BLOCK_TYPE_SLUG": block_type["slug"],
    "PREFECT_BLOCK_DOCUMENT_NAME": block["name"], "PREFECT_BLOCK_DOCUMENT_ID": block["id"],
    "PREFECT_WORK_POOL_NAME": pool["name"], "PREFECT_QUEUE_NAME": pool_queue["name"],
    "PREFECT_WORK_QUEUE_ID": pool_queue["id"], "PREFECT_WORK_QUEUE_NAME": pool_queue["name"],
    "PREFECT_ARTIFACT_ID": artifact["id"], "PREFECT_ARTIFACT_KEY": artifact["key"],
    "PREFECT_BLOCK_SCHEMA_ID": block_schema["id"], "PREFECT_BLOCK_SCHEMA_CHECKSUM": block_schema["checksum"],
    "PREFECT_VARIABLE_ID": variable["id"], "PREFECT_VARIABLE_NAME": variable["name"],
    "PREFECT_AUTOMATION_ID": automation["id"], "PREFECT_RELATED_TO_RESOURCE_ID": f"prefect.deployment.{deployment['id']}",
}
ids = [
    "read_flow_flows__id__get", "read_flow_by_name_flows_name__name__get",
    "read_flow_run_flow_runs__id__get", "read_flow_run_graph_v1_flow_runs__id__graph_get",
    "read_flow_run_graph_v2_flow_runs__id__graph_v2_get", "filter_flow_run_input_flow_runs__id__input_filter_post",
    "read_flow_run_input_flow_runs__id__input__key__get", "download_logs_flow_runs__id__logs_download_get",
    "read_flow_run_states_flow_run_states__get",
    "read_flow_run_state_flow_run_states__id__get",
    "read_task_run_task_runs__id__get", "read_task_run_with_flow_run_name_ui_task_runs__id__get",
    "read_task_run_states_task_run_states__get",
    "read_task_run_state_task_run_states__id__get",
    "read_deployment_deployments__id__get", "read_deployment_by_name_deployments_name__flow_name___deployment_name__get",
    "work_queue_check_for_deployment_deployments__id__work_queue_check_get",
    "read_deployment_schedules_deployments__id__schedules_get",
    "read_saved_search_saved_searches__id__get",
    "read_concurrency_limit_concurrency_limits__id__get", "read_concurrency_limit_by_tag_concurrency_limits_tag__tag__get",
    "read_concurrency_limit_v2_v2_concurrency_limits__id_or_name__get",
    "read_block_type_by_id_block_types__id__get", "read_block_type_by_slug_block_types_slug__slug__get",
    "read_block_documents_for_block_type_block_types_slug__slug__block_documents_get",
    "read_block_document_by_name_for_block_type_block_types_slug__slug__block_documents_name__block_document_name__get",
    "read_block_document_by_id_block_documents__id__get",
    "read_work_queue_work_pools__work_pool_name__queues__name__get",
    "read_work_queues_work_pools__work_pool_name__queues_filter_post",
    "read_workers_work_pools__work_pool_name__workers_filter_post",
    "read_work_pool_work_pools__name__get",
    "read_work_queue_work_queues__id__get", "read_work_queue_by_name_work_queues_name__name__get",
    "read_work_queue_status_work_queues__id__status_get",
    "read_artifact_artifacts__id__get", "read_latest_artifact_artifacts__key__latest_get",
    "read_block_schema_by_id_block_schemas__id__get", "read_block_schema_by_checksum_block_schemas_checksum__checksum__get",
    "read_variable_variables__id__get", "read_variable_by_name_variables_name__name__get",
    "read_automation_automations__id__get",
    "read_automations_related_to_resource_automations_related_to__resource_id__get",
]
print(" ".join(f"{name}={value}" for name, value in environment.items()), "--", ",".join(ids))
