--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: findings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.findings (
    id bigint NOT NULL,
    run bigint NOT NULL,
    result bigint,
    started_at double precision NOT NULL,
    fingerprint bigint NOT NULL,
    name text NOT NULL,
    kind text NOT NULL,
    severity text NOT NULL,
    category text NOT NULL,
    path text,
    code text,
    mock text
);


--
-- Name: findings_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.findings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: findings_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.findings_id_seq OWNED BY public.findings.id;


--
-- Name: mocks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mocks (
    name text NOT NULL,
    first_compared_at double precision NOT NULL,
    last_compared_at double precision NOT NULL,
    last_matched_at double precision,
    last_matched_run text,
    last_matched_commit text
);


--
-- Name: results; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.results (
    id bigint NOT NULL,
    run bigint NOT NULL,
    name text NOT NULL,
    role text NOT NULL,
    endpoint text NOT NULL,
    status text NOT NULL,
    http_status bigint,
    outcome text,
    mock text,
    matched bigint NOT NULL,
    dns_ms double precision,
    connect_ms double precision,
    tls_ms double precision,
    first_byte_ms double precision,
    total_ms double precision
);


--
-- Name: results_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.results_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: results_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.results_id_seq OWNED BY public.results.id;


--
-- Name: runs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.runs (
    id bigint NOT NULL,
    run_id text NOT NULL,
    started_at double precision NOT NULL,
    duration double precision NOT NULL,
    command text NOT NULL,
    api text NOT NULL,
    api_hash text NOT NULL,
    commit_sha text,
    tool text NOT NULL,
    environment text,
    base_url text NOT NULL,
    shard text,
    verdict text NOT NULL,
    endpoints bigint NOT NULL,
    endpoints_passed bigint NOT NULL,
    errors bigint NOT NULL,
    warnings bigint NOT NULL
);


--
-- Name: runs_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.runs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: runs_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.runs_id_seq OWNED BY public.runs.id;


--
-- Name: schema_version; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schema_version (
    version integer NOT NULL
);


--
-- Name: findings id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.findings ALTER COLUMN id SET DEFAULT nextval('public.findings_id_seq'::regclass);


--
-- Name: results id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.results ALTER COLUMN id SET DEFAULT nextval('public.results_id_seq'::regclass);


--
-- Name: runs id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.runs ALTER COLUMN id SET DEFAULT nextval('public.runs_id_seq'::regclass);


--
-- Data for Name: findings; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.findings (id, run, result, started_at, fingerprint, name, kind, severity, category, path, code, mock) FROM stdin;
1	3	59	1796376746.5587373	-7082315399045259400	topics.list	drift-removed	warning	contract	$.datas[*].legacyRank	\N	topics.json
\.


--
-- Data for Name: mocks; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.mocks (name, first_compared_at, last_compared_at, last_matched_at, last_matched_run, last_matched_commit) FROM stdin;
login.json	1796376744.6463451	1796376746.5587373	1796376746.5587373	c1e56e22-bc34-469f-b2bc-9a792973cd71	c0ffee3
register.json	1796376744.6463451	1796376746.5587373	1796376746.5587373	c1e56e22-bc34-469f-b2bc-9a792973cd71	c0ffee3
logout.json	1796376744.6463451	1796376746.5587373	1796376746.5587373	c1e56e22-bc34-469f-b2bc-9a792973cd71	c0ffee3
home_timeline.json	1796376744.6463451	1796376746.5587373	1796376746.5587373	c1e56e22-bc34-469f-b2bc-9a792973cd71	c0ffee3
status_show.json	1796376744.6463451	1796376746.5587373	1796376746.5587373	c1e56e22-bc34-469f-b2bc-9a792973cd71	c0ffee3
user_show.json	1796376744.6463451	1796376746.5587373	1796376746.5587373	c1e56e22-bc34-469f-b2bc-9a792973cd71	c0ffee3
topics.json	1796376744.6463451	1796376746.5587373	1796376745.7613268	09863692-4490-45ed-b91b-0a5a1a983549	c0ffee2
topic_like.json	1796376744.6463451	1796376746.5587373	1796376746.5587373	c1e56e22-bc34-469f-b2bc-9a792973cd71	c0ffee3
topic_unlike.json	1796376744.6463451	1796376746.5587373	1796376746.5587373	c1e56e22-bc34-469f-b2bc-9a792973cd71	c0ffee3
auth_token.json	1796376744.6463451	1796376746.5587373	1796376746.5587373	c1e56e22-bc34-469f-b2bc-9a792973cd71	c0ffee3
config_main.json	1796376744.6463451	1796376746.5587373	1796376746.5587373	c1e56e22-bc34-469f-b2bc-9a792973cd71	c0ffee3
\.


--
-- Data for Name: results; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.results (id, run, name, role, endpoint, status, http_status, outcome, mock, matched, dns_ms, connect_ms, tls_ms, first_byte_ms, total_ms) FROM stdin;
1	1	account.login	endpoint	account.login	ok	200	success	login.json	1	0.034	0.13999999999999999	0	16.402	16.92
2	1	account.register	endpoint	account.register	ok	200	success	register.json	1	0.028	0	0	59.521	59.601
3	1	account.logout	endpoint	account.logout	ok	200	success	logout.json	1	0.006	0.062	0	0.619	0.628
4	1	statuses.homeTimeline	endpoint	statuses.homeTimeline	ok	200	success	home_timeline.json	1	0.007	0.21000000000000002	0	59.525	59.553000000000004
5	1	statuses.show	endpoint	statuses.show	ok	200	success	status_show.json	1	0.025	0	0	0.6859999999999999	0.707
6	1	users.show	endpoint	users.show	ok	200	success	user_show.json	1	0.01	0	0	40.254	40.291000000000004
7	1	topics.list	endpoint	topics.list	ok	200	success	topics.json	1	0.007	0.149	0	87.468	87.505
8	1	topics.like	endpoint	topics.like	ok	200	success	topic_like.json	1	0.027	0	0	0.479	0.516
9	1	topics.unlike	endpoint	topics.unlike	ok	200	success	topic_unlike.json	1	0.030000000000000002	0	0	0.679	0.725
10	1	auth.token	endpoint	auth.token	ok	200	success	auth_token.json	1	0.012	0	0	3.999	4.022
11	1	config.main	endpoint	config.main	ok	200	success	config_main.json	1	0.007	0.133	0	59.436	59.448
12	1	probe token-expired statuses.homeTimeline	probe	statuses.homeTimeline	ok	403	tokenExpired	\N	0	0.007	0.118	0	59.422999999999995	59.435
13	1	probe missing-token statuses.homeTimeline	probe	statuses.homeTimeline	ok	403	tokenExpired	\N	0	0.004	0.102	0	59.408	59.422000000000004
14	1	probe revoked-token statuses.homeTimeline	probe	statuses.homeTimeline	ok	200	logout	\N	0	0.078	0	0	0.8540000000000001	0.88
15	1	probe token-expired statuses.show	probe	statuses.show	ok	403	tokenExpired	\N	0	0.007	0	0	28.583000000000002	28.628
16	1	probe revoked-token statuses.show	probe	statuses.show	ok	200	logout	\N	0	0.009000000000000001	0	0	0.732	0.743
17	1	probe token-expired users.show	probe	users.show	ok	403	tokenExpired	\N	0	0.006	0	0	12.494	12.535
18	1	probe revoked-token users.show	probe	users.show	ok	200	logout	\N	0	0.007	0	0	0.713	0.728
19	1	probe token-expired topics.like	probe	topics.like	ok	403	tokenExpired	\N	0	0.009000000000000001	0	0	5.514	5.555
20	1	probe revoked-token topics.like	probe	topics.like	ok	200	logout	\N	0	0.008	0	0	0.7010000000000001	0.71
21	1	probe token-expired topics.unlike	probe	topics.unlike	ok	403	tokenExpired	\N	0	0.007	0	0	0.601	0.664
22	1	probe revoked-token topics.unlike	probe	topics.unlike	ok	200	logout	\N	0	0.007	0.118	0	0.6859999999999999	0.695
23	1	probe token-expired account.logout	probe	account.logout	ok	403	tokenExpired	\N	0	0.013	0	0	0.215	0.236
24	1	probe revoked-token account.logout	probe	account.logout	ok	200	logout	\N	0	0.007	0	0	0.202	0.211
25	1	probe logged-out statuses.homeTimeline	probe	statuses.homeTimeline	ok	403	tokenExpired	\N	0	0.005	0	0	0.192	0.201
26	1	paging statuses.homeTimeline	paging	statuses.homeTimeline	ok	200	success	\N	0	0.008	0	0	29.506999999999998	29.532
27	2	account.login	endpoint	account.login	ok	200	success	login.json	1	0.029	0.124	0	0.65	0.755
28	2	account.register	endpoint	account.register	ok	200	success	register.json	1	0.025	0	0	4.762	4.797
29	2	account.logout	endpoint	account.logout	ok	200	success	logout.json	1	0.005	0.365	0	3.892	3.9029999999999996
30	2	statuses.homeTimeline	endpoint	statuses.homeTimeline	ok	200	success	home_timeline.json	1	0.009000000000000001	0.213	0	50.205	50.244
31	2	statuses.show	endpoint	statuses.show	ok	200	success	status_show.json	1	0.017	0	0	22.424	22.471
32	2	users.show	endpoint	users.show	ok	200	success	user_show.json	1	0.006	0	0	0.8720000000000001	0.896
33	2	topics.list	endpoint	topics.list	ok	200	success	topics.json	1	0.007	0.149	0	4.639	4.652
34	2	topics.like	endpoint	topics.like	ok	200	success	topic_like.json	1	0.026	0	0	0.657	0.6719999999999999
35	2	topics.unlike	endpoint	topics.unlike	ok	200	success	topic_unlike.json	1	0.009000000000000001	0	0	0.589	0.602
36	2	auth.token	endpoint	auth.token	ok	200	success	auth_token.json	1	0.02	0	0	0.377	0.404
37	2	config.main	endpoint	config.main	ok	200	success	config_main.json	1	0.005	0.131	0	4.621	4.630999999999999
38	2	probe token-expired statuses.homeTimeline	probe	statuses.homeTimeline	ok	403	tokenExpired	\N	0	0.007	0.11699999999999999	0	4.603999999999999	4.615
39	2	probe missing-token statuses.homeTimeline	probe	statuses.homeTimeline	ok	403	tokenExpired	\N	0	0.006	0.1	0	4.5840000000000005	4.597
40	2	probe revoked-token statuses.homeTimeline	probe	statuses.homeTimeline	ok	200	logout	\N	0	0.012	0	0	0.101	0.12300000000000001
41	2	probe token-expired statuses.show	probe	statuses.show	ok	403	tokenExpired	\N	0	0.005	0	0	0.875	0.885
42	2	probe revoked-token statuses.show	probe	statuses.show	ok	200	logout	\N	0	0.013	0	0	0.426	0.446
43	2	probe token-expired users.show	probe	users.show	ok	403	tokenExpired	\N	0	0.006	0	0	0.867	0.88
44	2	probe revoked-token users.show	probe	users.show	ok	200	logout	\N	0	0.008	0	0	3.935	3.9589999999999996
45	2	probe token-expired topics.like	probe	topics.like	ok	403	tokenExpired	\N	0	0.007	0	0	0.578	0.587
46	2	probe revoked-token topics.like	probe	topics.like	ok	200	logout	\N	0	0.007	0	0	0.386	0.397
47	2	probe token-expired topics.unlike	probe	topics.unlike	ok	403	tokenExpired	\N	0	0.007	0	0	0.566	0.5770000000000001
48	2	probe revoked-token topics.unlike	probe	topics.unlike	ok	200	logout	\N	0	0.007	0	0	0.375	0.38499999999999995
49	2	probe token-expired account.logout	probe	account.logout	ok	403	tokenExpired	\N	0	0.013	0	0	0.43600000000000005	0.458
50	2	probe revoked-token account.logout	probe	account.logout	ok	200	logout	\N	0	0.006	0	0	0.111	0.12999999999999998
51	2	probe logged-out statuses.homeTimeline	probe	statuses.homeTimeline	ok	403	tokenExpired	\N	0	0.005	0	0	0.402	0.41100000000000003
52	2	paging statuses.homeTimeline	paging	statuses.homeTimeline	ok	200	success	\N	0	0.01	0	0	0.882	0.898
53	3	account.login	endpoint	account.login	ok	200	success	login.json	1	0.041	0.363	0	0.9129999999999999	1.0399999999999998
54	3	account.register	endpoint	account.register	ok	200	success	register.json	1	0.033	0.235	0	3.4	3.477
55	3	account.logout	endpoint	account.logout	ok	200	success	logout.json	1	0.011	0	0	0.527	0.545
56	3	statuses.homeTimeline	endpoint	statuses.homeTimeline	ok	200	success	home_timeline.json	1	0.031	0	0	39.947	40.041
57	3	statuses.show	endpoint	statuses.show	ok	200	success	status_show.json	1	0.030000000000000002	0	0	1.657	1.6800000000000002
58	3	users.show	endpoint	users.show	ok	200	success	user_show.json	1	0.009000000000000001	0	0	1.421	1.443
59	3	topics.list	endpoint	topics.list	warn	200	success	topics.json	0	0.019	0.11900000000000001	0	3.198	3.226
60	3	topics.like	endpoint	topics.like	ok	200	success	topic_like.json	1	0.006	0.14100000000000001	0	0.929	0.9420000000000001
61	3	topics.unlike	endpoint	topics.unlike	ok	200	success	topic_unlike.json	1	0.005	0.12300000000000001	0	0.907	0.924
62	3	auth.token	endpoint	auth.token	ok	200	success	auth_token.json	1	0.014	0	0	7.006	7.0600000000000005
63	3	config.main	endpoint	config.main	ok	200	success	config_main.json	1	0.013	0.09000000000000001	0	3.157	3.1710000000000003
64	3	probe token-expired statuses.homeTimeline	probe	statuses.homeTimeline	ok	403	tokenExpired	\N	0	0.012	0	0	0.289	0.318
65	3	probe missing-token statuses.homeTimeline	probe	statuses.homeTimeline	ok	403	tokenExpired	\N	0	0.026	0	0	16.009	16.070999999999998
66	3	probe revoked-token statuses.homeTimeline	probe	statuses.homeTimeline	ok	200	logout	\N	0	0.026	0	0	0.161	0.191
67	3	probe token-expired statuses.show	probe	statuses.show	ok	403	tokenExpired	\N	0	0.008	0	0	1.211	1.229
68	3	probe revoked-token statuses.show	probe	statuses.show	ok	200	logout	\N	0	0.013	0	0	0.125	0.154
69	3	probe token-expired users.show	probe	users.show	ok	403	tokenExpired	\N	0	0.006	0.208	0	0.9779999999999999	1.0150000000000001
70	3	probe revoked-token users.show	probe	users.show	ok	200	logout	\N	0	0.015000000000000001	0	0	0.129	0.159
71	3	probe token-expired topics.like	probe	topics.like	ok	403	tokenExpired	\N	0	0.005	0.09899999999999999	0	0.88	0.9039999999999999
72	3	probe revoked-token topics.like	probe	topics.like	ok	200	logout	\N	0	0.011	0	0	0.527	0.562
73	3	probe token-expired topics.unlike	probe	topics.unlike	ok	403	tokenExpired	\N	0	0.039	0	0	0.333	0.391
74	3	probe revoked-token topics.unlike	probe	topics.unlike	ok	200	logout	\N	0	0.015000000000000001	0	0	0.58	0.608
75	3	probe token-expired account.logout	probe	account.logout	ok	403	tokenExpired	\N	0	0.015000000000000001	0	0	0.129	0.156
76	3	probe revoked-token account.logout	probe	account.logout	ok	200	logout	\N	0	0.013	0	0	0.128	0.153
77	3	probe logged-out statuses.homeTimeline	probe	statuses.homeTimeline	ok	403	tokenExpired	\N	0	0.011	0	0	0.112	0.135
78	3	paging statuses.homeTimeline	paging	statuses.homeTimeline	ok	200	success	\N	0	0.009000000000000001	0	0	2.4130000000000003	2.4450000000000003
\.


--
-- Data for Name: runs; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.runs (id, run_id, started_at, duration, command, api, api_hash, commit_sha, tool, environment, base_url, shard, verdict, endpoints, endpoints_passed, errors, warnings) FROM stdin;
1	45bd6c21-26dc-4db9-a2a1-2e2c0367e7a4	1796376744.6463451	0.3560410737991333	live	demo	32972776027a958e	c0ffee1	apicheck 0.1.0 (commit fb69a4c6012e7eff9a6fbbb7265b6590f8d4d718)	\N	http://127.0.0.1:42265/Api/	\N	holds	11	11	0	0
2	09863692-4490-45ed-b91b-0a5a1a983549	1796376745.7613268	0.29173409938812256	live	demo	32972776027a958e	c0ffee2	apicheck 0.1.0 (commit fb69a4c6012e7eff9a6fbbb7265b6590f8d4d718)	\N	http://127.0.0.1:39047/Api/	\N	holds	11	11	0	0
3	c1e56e22-bc34-469f-b2bc-9a792973cd71	1796376746.5587373	0.19864869117736816	live	demo	32972776027a958e	c0ffee3	apicheck 0.1.0 (commit fb69a4c6012e7eff9a6fbbb7265b6590f8d4d718)	\N	http://127.0.0.1:45971/Api/	\N	holds	11	11	0	1
\.


--
-- Data for Name: schema_version; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.schema_version (version) FROM stdin;
1
\.


--
-- Name: findings_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.findings_id_seq', 1, true);


--
-- Name: results_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.results_id_seq', 78, true);


--
-- Name: runs_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.runs_id_seq', 3, true);


--
-- Name: findings findings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.findings
    ADD CONSTRAINT findings_pkey PRIMARY KEY (id);


--
-- Name: mocks mocks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mocks
    ADD CONSTRAINT mocks_pkey PRIMARY KEY (name);


--
-- Name: results results_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.results
    ADD CONSTRAINT results_pkey PRIMARY KEY (id);


--
-- Name: runs runs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.runs
    ADD CONSTRAINT runs_pkey PRIMARY KEY (id);


--
-- Name: runs runs_run_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.runs
    ADD CONSTRAINT runs_run_id_key UNIQUE (run_id);


--
-- Name: findings_fingerprint; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX findings_fingerprint ON public.findings USING btree (fingerprint, started_at);


--
-- Name: findings_run; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX findings_run ON public.findings USING btree (run);


--
-- Name: results_run; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX results_run ON public.results USING btree (run);


--
-- Name: runs_started_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX runs_started_at ON public.runs USING btree (started_at);


--
-- PostgreSQL database dump complete
--


