using Skyward.Data;
using UnityEditor;
using UnityEngine;

namespace Skyward.Editor
{
    [CustomEditor(typeof(LevelDefinition))]
    public sealed class LevelDefinitionEditor : UnityEditor.Editor
    {
        public override void OnInspectorGUI()
        {
            serializedObject.Update();
            EditorGUILayout.PropertyField(serializedObject.FindProperty("levelId"));
            EditorGUILayout.PropertyField(serializedObject.FindProperty("scene"));
            EditorGUILayout.PropertyField(serializedObject.FindProperty("enemies"), includeChildren: true);
            EditorGUILayout.PropertyField(serializedObject.FindProperty("parTimeSeconds"));

            var level = (LevelDefinition)target;
            if (level.Enemies.Count == 0)
                EditorGUILayout.HelpBox("This level has no enemies.", MessageType.Warning);

            serializedObject.ApplyModifiedProperties();
        }
    }
}
