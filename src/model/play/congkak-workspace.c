/* congkak-workspace.c — what outlives one window: the library, the open
 * documents, the autosaves they claim
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One for the application, given to every window it makes.  It keeps the
 * match library every window records into, and the documents open in
 * windows now: a file is open in one window only, and an autosave that
 * belongs to an open document is not one a crash left behind.  It knows
 * documents, not windows: which window shows a document is the app's
 * business.  And the Oware endgame databases the computer players of
 * every window read, read or built once for all of them.
 */

#include "config.h"

#include "congkak-workspace.h"

struct _CongkakWorkspace
{
  GObject         parent_instance;

  GFile          *library_directory;   /* nullable: the default one */
  CongkakLibrary *library;             /* made when first needed */
  GPtrArray      *documents;           /* the open ones, each once */
  guint           oware_endgame_seeds;
  CongkakOwareEndgameShelf *oware_endgame_shelf;  /* made when first needed */
};

G_DEFINE_FINAL_TYPE (CongkakWorkspace, congkak_workspace, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_LIBRARY_DIRECTORY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
congkak_workspace_dispose (GObject *object)
{
  CongkakWorkspace *self = CONGKAK_WORKSPACE (object);

  g_clear_pointer (&self->documents, g_ptr_array_unref);
  g_clear_object (&self->library);
  g_clear_object (&self->library_directory);
  g_clear_pointer (&self->oware_endgame_shelf, congkak_oware_endgame_shelf_unref);

  G_OBJECT_CLASS (congkak_workspace_parent_class)->dispose (object);
}

static void
congkak_workspace_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CongkakWorkspace *self = CONGKAK_WORKSPACE (object);

  switch (prop_id)
    {
    case PROP_LIBRARY_DIRECTORY:
      g_value_set_object (value, self->library_directory);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_workspace_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  CongkakWorkspace *self = CONGKAK_WORKSPACE (object);

  switch (prop_id)
    {
    case PROP_LIBRARY_DIRECTORY:
      self->library_directory = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
congkak_workspace_class_init (CongkakWorkspaceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = congkak_workspace_dispose;
  object_class->get_property = congkak_workspace_get_property;
  object_class->set_property = congkak_workspace_set_property;

  /**
   * CongkakWorkspace:library-directory: (nullable)
   *
   * The folder of the match library; %NULL for the user's.
   */
  properties[PROP_LIBRARY_DIRECTORY] =
    g_param_spec_object ("library-directory", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
congkak_workspace_init (CongkakWorkspace *self)
{
  self->documents = g_ptr_array_new_with_free_func (g_object_unref);
  self->oware_endgame_seeds = CONGKAK_OWARE_ENDGAME_DEFAULT_SEEDS;
}

/**
 * congkak_workspace_new:
 * @library_directory: (nullable): the folder of the match library, or
 *   %NULL for the user's
 */
CongkakWorkspace *
congkak_workspace_new (GFile *library_directory)
{
  g_return_val_if_fail (library_directory == NULL || G_IS_FILE (library_directory), NULL);

  return g_object_new (CONGKAK_TYPE_WORKSPACE, "library-directory", library_directory, NULL);
}

/**
 * congkak_workspace_set_oware_endgame_seeds:
 * @seeds: the seeds the computer's Oware endgame database covers
 *   (CONGKAK_OWARE_ENDGAME_DEFAULT_SEEDS unless set); 0 for none
 *
 * Before congkak_workspace_get_oware_endgame_shelf().
 */
void
congkak_workspace_set_oware_endgame_seeds (CongkakWorkspace *self,
                                           guint             seeds)
{
  g_return_if_fail (CONGKAK_IS_WORKSPACE (self));
  g_return_if_fail (seeds <= CONGKAK_OWARE_ENDGAME_MAX_SEEDS);
  g_return_if_fail (self->oware_endgame_shelf == NULL);

  self->oware_endgame_seeds = seeds;
}

/**
 * congkak_workspace_get_oware_endgame_shelf:
 *
 * Returns: (transfer none): the Oware endgame databases every window's
 *   computer players read, kept until the workspace goes.
 */
CongkakOwareEndgameShelf *
congkak_workspace_get_oware_endgame_shelf (CongkakWorkspace *self)
{
  g_return_val_if_fail (CONGKAK_IS_WORKSPACE (self), NULL);

  if (self->oware_endgame_shelf == NULL)
    {
      g_autofree char *cache_dir = congkak_oware_endgame_cache_dir ();

      self->oware_endgame_shelf = congkak_oware_endgame_shelf_new (self->oware_endgame_seeds, cache_dir);
    }
  return self->oware_endgame_shelf;
}

/**
 * congkak_workspace_get_library:
 *
 * Returns: (transfer none): the match library every window records into;
 *   the first call starts listing it in the background.
 */
CongkakLibrary *
congkak_workspace_get_library (CongkakWorkspace *self)
{
  g_return_val_if_fail (CONGKAK_IS_WORKSPACE (self), NULL);

  if (self->library == NULL)
    {
      g_autoptr (GFile) directory = self->library_directory ? g_object_ref (self->library_directory)
                                                            : congkak_library_get_default_directory ();

      self->library = congkak_library_new (directory);
      /* Matches deleted before the last quit can no longer come back. */
      congkak_library_purge_deleted (self->library);
      congkak_library_load_async (self->library, NULL, NULL, NULL);
    }
  return self->library;
}

/**
 * congkak_workspace_add_document:
 *
 * @document is open in a window now: a match played in it is recorded in
 * the library, and its file and autosave count as open.
 */
void
congkak_workspace_add_document (CongkakWorkspace *self,
                                CongkakDocument  *document)
{
  g_return_if_fail (CONGKAK_IS_WORKSPACE (self));
  g_return_if_fail (CONGKAK_IS_DOCUMENT (document));

  congkak_document_set_library (document, congkak_workspace_get_library (self));
  if (!g_ptr_array_find (self->documents, document, NULL))
    g_ptr_array_add (self->documents, g_object_ref (document));
}

/**
 * congkak_workspace_remove_document:
 *
 * The window of @document lets it go (another match comes, or the window
 * closes): a match played in it is kept in the library as it stands,
 * quietly, and its file is no longer open.
 *
 * Returns: %FALSE with @error set if the library could not keep it; the
 *   document is let go all the same.
 */
gboolean
congkak_workspace_remove_document (CongkakWorkspace *self,
                                   CongkakDocument  *document,
                                   GError          **error)
{
  g_autoptr (CongkakDocument) removed = NULL;
  guint index;

  g_return_val_if_fail (CONGKAK_IS_WORKSPACE (self), FALSE);
  g_return_val_if_fail (CONGKAK_IS_DOCUMENT (document), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (g_ptr_array_find (self->documents, document, &index))
    removed = g_ptr_array_steal_index (self->documents, index);
  return congkak_document_record (document, FALSE, error);
}

/**
 * congkak_workspace_find_document:
 *
 * Returns: (transfer none) (nullable): the open document of @file, so
 *   that a file is open in one window only.
 */
CongkakDocument *
congkak_workspace_find_document (CongkakWorkspace *self,
                                 GFile            *file)
{
  g_return_val_if_fail (CONGKAK_IS_WORKSPACE (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  for (guint i = 0; i < self->documents->len; i++)
    {
      CongkakDocument *document = g_ptr_array_index (self->documents, i);
      GFile *shown = congkak_document_get_file (document);

      if (shown && g_file_equal (shown, file))
        return document;
    }
  return NULL;
}

/**
 * congkak_workspace_owns_autosave:
 *
 * Returns: whether @autosave holds the changes of a document open now,
 *   rather than one a crash left behind.
 */
gboolean
congkak_workspace_owns_autosave (CongkakWorkspace *self,
                                 GFile            *autosave)
{
  g_return_val_if_fail (CONGKAK_IS_WORKSPACE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (autosave), FALSE);

  for (guint i = 0; i < self->documents->len; i++)
    {
      GFile *own = congkak_document_get_autosave_file (g_ptr_array_index (self->documents, i));

      if (own && g_file_equal (own, autosave))
        return TRUE;
    }
  return FALSE;
}

/**
 * congkak_workspace_list_left_autosaves:
 *
 * Returns: (transfer full) (element-type CongkakAutosave): the unsaved
 *   matches Congkak left when it stopped without closing them (a crash, a
 *   power cut): every autosave no open document owns.
 */
GPtrArray *
congkak_workspace_list_left_autosaves (CongkakWorkspace *self)
{
  GPtrArray *autosaves;

  g_return_val_if_fail (CONGKAK_IS_WORKSPACE (self), NULL);

  autosaves = congkak_document_list_autosaves ();
  for (guint i = autosaves->len; i > 0; i--)
    if (congkak_workspace_owns_autosave (self, ((CongkakAutosave *) g_ptr_array_index (autosaves, i - 1))->file))
      g_ptr_array_remove_index (autosaves, i - 1);
  return autosaves;
}

/**
 * congkak_workspace_discard_left_autosaves:
 *
 * Deletes the unsaved matches a crash left (see
 * congkak_workspace_list_left_autosaves()); those of open documents stay.
 */
void
congkak_workspace_discard_left_autosaves (CongkakWorkspace *self)
{
  g_autoptr (GPtrArray) autosaves = NULL;

  g_return_if_fail (CONGKAK_IS_WORKSPACE (self));

  autosaves = congkak_workspace_list_left_autosaves (self);
  for (guint i = 0; i < autosaves->len; i++)
    congkak_document_delete_autosave (g_ptr_array_index (autosaves, i));
}
