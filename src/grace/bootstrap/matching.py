"""Wiring of the matching context (seed 003) from :class:`Settings`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from grace.bootstrap.lifecycle import Closing
from grace.config import Settings
from grace.embedding.factory import make_embedder
from grace.embedding.ports import TextEmbedder
from grace.errors import ConfigError
from grace.matching.adapters.database import Database
from grace.matching.adapters.generator import generate_members, venue_members_report
from grace.matching.adapters.geo_table import FrenchGeoTable
from grace.matching.application.embed_worker import EmbedMembers
from grace.matching.application.evaluation import EvaluateMatching
from grace.matching.application.importing import ImportMembers, ImportReport
from grace.matching.application.lexicon import MemberLexicon
from grace.matching.application.match import LlmPricing, MatchMembers, RankFinalists
from grace.matching.application.search import SearchMembers
from grace.matching.domain.ports import (
    EmbeddingStatus,
    MemberRepository,
    RankingProposer,
    SearchLog,
)


def open_member_store(url: str) -> MemberRepository:
    """The member store named by ``url`` (``sqlite:///PATH``, ``sqlite:///:memory:`` or
    ``postgresql://…``), migrated.

    Raises:
        ConfigError: an unknown scheme. MemberStoreError: the store cannot be opened.
    """
    return Database(url).member_store()


def make_proposer(settings: Settings) -> RankingProposer | None:
    """Stage 3's LLM from ``GRACE_RANKER``: ``auto`` → Claude when ``ANTHROPIC_API_KEY`` is
    set, else ``None`` (the deterministic ranker); ``claude`` without a key → ConfigError.

    Raises:
        ConfigError: ``GRACE_RANKER=claude`` without an API key.
    """
    if settings.ranker == "deterministic":
        return None
    key = settings.anthropic_api_key.get_secret_value() if settings.anthropic_api_key else ""
    if not key:
        if settings.ranker == "claude":
            raise ConfigError("GRACE_RANKER=claude needs ANTHROPIC_API_KEY")
        return None
    from grace.matching.adapters.claude_ranker import ClaudeProposer

    return ClaudeProposer(api_key=key, model=settings.llm_model,
                          base_url=settings.anthropic_base_url,
                          max_tokens=settings.llm_max_tokens)


@dataclass
class MatchingApp(Closing):
    """The matching use cases wired from settings over one :class:`Database`; the embedder and
    the search log are built on first use. :meth:`close` closes the log and the store."""

    settings: Settings
    repo: MemberRepository
    database: Database
    _embedder: TextEmbedder | None = field(default=None, init=False, repr=False)
    _geo: FrenchGeoTable | None = field(default=None, init=False, repr=False)
    _log: SearchLog | None = field(default=None, init=False, repr=False)
    _match: MatchMembers | None = field(default=None, init=False, repr=False)
    _closed: bool = field(default=False, init=False, repr=False)
    _closing: list[Callable[[], None]] = field(default_factory=list, init=False, repr=False)
    _lexicon: MemberLexicon = field(default_factory=MemberLexicon, init=False, repr=False)
    """Analysed member texts, shared by every search of this app (decision 0021)."""

    @property
    def url(self) -> str:
        """The database URL (a shared in-memory one for ``sqlite:///:memory:``)."""
        return self.database.url

    @property
    def embedder(self) -> TextEmbedder:
        if self._embedder is None:
            # Member vectors live in the store: no second copy in the vector cache.
            self._embedder = make_embedder(self.settings.embedder, cache_dir=None)
        return self._embedder

    @property
    def geo(self) -> FrenchGeoTable:
        if self._geo is None:
            self._geo = FrenchGeoTable()
        return self._geo

    @property
    def search(self) -> SearchMembers:
        s = self.settings
        return SearchMembers(self.repo, self.embedder, self.geo, unknown=s.matching_unknown,
                             top_k=s.matching_top_k, broad_limit=s.matching_broad_limit,
                             lexicon=self._lexicon)

    @property
    def log(self) -> SearchLog:
        """The search log, in the member store's database."""
        if self._log is None:
            self._log = self.database.search_log()
        return self._log

    @property
    def match(self) -> MatchMembers:
        """The whole pipeline (stages 1–3, edge cases, search log). Raises ConfigError."""
        if self._match is None:
            s = self.settings
            rank = RankFinalists(make_proposer(s), timeout_s=s.llm_timeout_s,
                                 pricing=LlmPricing(s.llm_price_input_eur,
                                                    s.llm_price_output_eur))
            self._match = MatchMembers(self.search, rank, self.repo, self.log,
                                       finalists=s.llm_finalists,
                                       reuse_similarity=s.matching_reuse_similarity)
        return self._match

    def evaluation(self) -> EvaluateMatching:
        """``grace eval matching`` over this store: the pipeline as configured, but logging to
        a throwaway in-memory search log (an evaluation leaves no searches, statistics or
        past requests behind), beside the bare-e5 and BM25 baselines."""
        s = self.settings
        rank = RankFinalists(make_proposer(s), timeout_s=s.llm_timeout_s,
                             pricing=LlmPricing(s.llm_price_input_eur, s.llm_price_output_eur))
        log = Database("sqlite:///:memory:").search_log()
        self._closing.append(log.close)
        search = self.search
        match = MatchMembers(search, rank, self.repo, log, finalists=s.llm_finalists,
                             reuse_similarity=s.matching_reuse_similarity)
        return EvaluateMatching(match, search, self.repo, self.embedder)

    def worker(self, *, batch_size: int = 64) -> EmbedMembers:
        return EmbedMembers(self.repo, self.embedder, batch_size=batch_size)

    def status(self) -> EmbeddingStatus:
        """Embedding freshness for the configured model (does not load the model weights)."""
        return self.repo.status(self.embedder.identity.key)

    def import_venues(self, path: Path, *, seed: int, limit: int | None = None,
                      on_progress: Callable[[int], None] | None = None,
                      on_total: Callable[[int], None] | None = None) -> ImportReport:
        """Import a real venues CSV with generated budgets and calendars (labelled);
        ``on_total(members)`` once the file is read, ``on_progress(done)`` per batch; CEDEX and
        INSEE codes in the postal-code field are recoded by the geo table (counted)."""
        read = venue_members_report(path, seed=seed, limit=limit, locate=self.geo.locate,
                                    department=self.geo.department, recode=self.geo.recode)
        if on_total is not None:
            on_total(len(read.items))
        return ImportMembers(self.repo)(read.items, skipped=read.skipped,
                                        on_progress=on_progress, recoded=read.recoded,
                                        unresolved=read.unresolved)

    def generate(self, count: int, *, seed: int, calendar_days: int = 0, first: int = 1,
                 on_progress: Callable[[int], None] | None = None) -> ImportReport:
        """Generate ``count`` labelled members (codes ``#G<first>``…) into the store."""
        items = generate_members(count, seed=seed, geo=self.geo, days=calendar_days,
                                 first=first)
        return ImportMembers(self.repo)(items, on_progress=on_progress)

    def close(self) -> None:
        """Close the search log (if opened), then the member store; idempotent."""
        if self._closed:
            return
        self._closed = True
        for close in self._closing:
            close()
        if self._log is not None:
            self._log.close()
        self.repo.close()


def build_matching(settings: Settings, *, database_url: str | None = None) -> MatchingApp:
    """Wire the matching use cases: ``database_url`` (else ``GRACE_DATABASE_URL``, else SQLite
    ``<GRACE_CACHE_DIR>/members.sqlite``). The member store and the search log share that one
    :class:`Database` (``sqlite:///:memory:`` included).

    Raises:
        ConfigError, MemberStoreError: the store cannot be opened.
    """
    url = database_url or settings.database_url or f"sqlite:///{settings.cache_dir}/members.sqlite"
    database = Database(url)
    return MatchingApp(settings, database.member_store(), database)
